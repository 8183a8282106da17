#!/usr/bin/env node
// The package's `checkout-lookup` command: `create <folder>` writes a project with the sample worker (create.mjs),
// `start` runs a project's worker against the sandbox (start.mjs, the same script as this repository's npm start),
// `deploy` runs `wrangler deploy` once the settings are checked (deploy.mjs, the same as this repository's npm run deploy).
const USAGE = `Usage:
  npx checkout-lookup create <folder>   a new project with the sample Cloudflare Worker (then: cd <folder>, npm install, npm start)
  npx checkout-lookup start             in that project: the worker on http://127.0.0.1:8787 against a sandbox on :8790
  npx checkout-lookup deploy [options]  in that project: wrangler deploy [options] (e.g. --dry-run), refused if
                                        API_BASE_URL is empty or not an http(s) address (every route would answer 500)
  npx checkout-lookup --help            this text

The sandbox alone: npx checkout-lookup-sandbox --help
Docs: node_modules/checkout-lookup/README.md, node_modules/checkout-lookup/worker/README.md and
      node_modules/checkout-lookup/docs/testing.md
      (https://github.com/checkout-lookup/checkout-lookup#readme)
`;

const [command, ...rest] = process.argv.slice(2);

/** Says what is wrong with the command line, then the usage, on stderr; exit code 2. */
function usageError(problem) {
  process.stderr.write(`checkout-lookup: ${problem}\n\n${USAGE}`);
  process.exit(2);
}

if (command === 'create' && rest.length === 0) usageError('create: the folder is missing (npx checkout-lookup create <folder>)');
if (command === 'create' && rest.length > 1) usageError(`create takes one folder; received ${rest.length} arguments: ${rest.join(' ')}`);
if (command === 'create' && rest[0].startsWith('-')) usageError(`create: unknown option ${rest[0]}`);

if (command === 'create') {
  const { create } = await import('./create.mjs');
  try {
    const { dir, files } = create(rest[0]);
    process.stdout.write(`Wrote ${dir}:\n${files.map((file) => `  ${file}`).join('\n')}\n\nNext:\n  cd ${rest[0]}\n  npm install\n  npm start\n`);
  } catch (error) {
    process.stderr.write(`checkout-lookup create: ${error.message}\n`);
    process.exit(1);
  }
} else if (command === 'start' && rest.length === 0) {
  await import('./start.mjs');
} else if (command === 'deploy') {
  const { deploy } = await import('./deploy.mjs');
  await deploy(rest);
} else if (command === '--help' || command === '-h') {
  process.stdout.write(USAGE);
} else {
  usageError(command ? `unknown arguments: ${[command, ...rest].join(' ')}` : 'no command given');
}
