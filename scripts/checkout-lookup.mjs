#!/usr/bin/env node
// The package's `checkout-lookup` command: `create <folder>` writes a project with the sample worker (create.mjs),
// `start` runs a project's worker against the sandbox (start.mjs, the same script as this repository's npm start),
// `deploy` runs `wrangler deploy` once the settings are checked (deploy.mjs, the same as this repository's npm run deploy).
// Each answers --help and -h with its own usage (scripts/command-line.mjs holds the rules all the commands follow).
import { readCommandLine, unknown, usageError } from './command-line.mjs';

const USAGE = `Usage:
  npx checkout-lookup create <folder>   a new project with the sample Cloudflare Worker (then: cd <folder>, npm install, npm start)
  npx checkout-lookup start             in that project: the worker on http://127.0.0.1:8787 against a sandbox on :8790
  npx checkout-lookup deploy [options]  in that project: wrangler deploy [options] (e.g. --dry-run), refused if
                                        API_BASE_URL is empty or not an http(s) address (every route would answer 500)
  npx checkout-lookup --help            this text; npx checkout-lookup <command> --help: that command's

The sandbox alone: npx checkout-lookup-sandbox --help
Docs: node_modules/checkout-lookup/README.md, node_modules/checkout-lookup/worker/README.md and
      node_modules/checkout-lookup/docs/testing.md
      (https://github.com/checkout-lookup/checkout-lookup#readme)
`;

const CREATE_USAGE = `Usage: npx checkout-lookup create <folder>

Writes a new project into <folder> (which must not exist, or be empty): the sample Cloudflare Worker of this package
(worker/, wrangler.toml), its tests, a package.json, tsconfig.json, vitest.config.ts, README.md, .gitignore, and a
.dev.vars with random secrets. Then:
  cd <folder>
  npm install
  npm start

  -h, --help   this help
`;

const COMMANDS = ['create', 'start', 'deploy'];
const [command, ...rest] = process.argv.slice(2);

if (command === 'create') {
  const { positionals } = readCommandLine(rest, { name: 'checkout-lookup: create', usage: CREATE_USAGE, positionals: true });
  if (positionals.length === 0) usageError('checkout-lookup', CREATE_USAGE, 'create: the folder is missing (npx checkout-lookup create <folder>)');
  if (positionals.length > 1) {
    usageError('checkout-lookup', CREATE_USAGE, `create takes one folder; received ${positionals.length} arguments: ${positionals.join(' ')}`);
  }
  const { create } = await import('./create.mjs');
  try {
    const { dir, files } = create(positionals[0]);
    process.stdout.write(
      `Wrote ${dir}:\n${files.map((file) => `  ${file}`).join('\n')}\n\nNext:\n  cd ${positionals[0]}\n  npm install\n  npm start\n`,
    );
  } catch (error) {
    process.stderr.write(`checkout-lookup create: ${error.message}\n`);
    process.exit(1);
  }
} else if (command === 'start') {
  // start.mjs reads its arguments as when it runs itself (npm start): what follows `start`.
  process.argv.splice(2, 1);
  await import('./start.mjs');
} else if (command === 'deploy') {
  const { deploy } = await import('./deploy.mjs');
  await deploy(rest);
} else if (command === undefined) {
  usageError('checkout-lookup', USAGE, 'no command given');
} else if (command.startsWith('-')) {
  // --help and -h print the usage; any other option is unknown here.
  readCommandLine([command, ...rest], { name: 'checkout-lookup', usage: USAGE });
} else {
  usageError('checkout-lookup', USAGE, unknown('command', command, COMMANDS));
}
