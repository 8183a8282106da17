// `npx checkout-lookup create <folder>`: a new project with the sample worker, from the installed package alone.
// The template is this package's own worker/ and wrangler.toml (the repository's, shipped in the tarball: one copy),
// with what must change for a stand-alone project rewritten here: its name, where its docs are, a package.json
// that depends on checkout-lookup by version, a tsconfig.json, a README, a .gitignore and a generated .dev.vars.
// The project's tests are worker/test/ (the worker's handler in-process against the sandbox); `npm test` runs them.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_PORT, WORKER_PORT, writeDevVars } from './dev-vars.mjs';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const DOCS = 'node_modules/checkout-lookup/worker/README.md';
const WEB_DOCS = 'https://github.com/checkout-lookup/checkout-lookup/blob/main/worker/README.md';

/** Every file of worker/ but its README (the project gets its own). */
const isTemplateFile = (source) => source !== join(PACKAGE, 'worker', 'README.md');

/**
 * Writes the project into `target` (which must not exist or be empty) and returns what it wrote, relative paths.
 * Throws an Error with a sentence for the user when it cannot.
 */
export function create(target) {
  if (!target) throw new Error('name the folder to create: npx checkout-lookup create my-worker');
  const dir = resolve(target);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} exists and is not empty; name a new folder`);
  const name =
    basename(dir)
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'checkout-lookup-worker';
  const own = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
  const dev = own.devDependencies ?? {};
  const version = (dependency) => {
    if (!dev[dependency]) throw new Error(`checkout-lookup's package.json has no devDependency ${dependency} to copy`);
    return dev[dependency];
  };

  mkdirSync(dir, { recursive: true });
  cpSync(join(PACKAGE, 'worker'), join(dir, 'worker'), { recursive: true, filter: isTemplateFile });

  const wrangler = readFileSync(join(PACKAGE, 'wrangler.toml'), 'utf8')
    .replace(/^name = ".*"$/m, `name = "${name}"`)
    .replaceAll('worker/README.md', DOCS)
    .replace('; see .dev.vars.example.', '.');
  if (!wrangler.includes(`name = "${name}"`)) throw new Error('the template wrangler.toml has no name line to rewrite');
  writeFileSync(join(dir, 'wrangler.toml'), wrangler);

  const manifest = {
    name,
    version: '0.0.0',
    private: true,
    type: 'module',
    scripts: {
      start: 'checkout-lookup start',
      dev: 'wrangler dev',
      deploy: 'wrangler deploy',
      // As in the repository (worker/README.md's Deploy steps), less its build: the installed package is built.
      'deploy:dry-run': 'wrangler deploy --dry-run --outdir .wrangler/dry-run',
      typecheck: 'tsc --noEmit',
      test: 'vitest run',
      // As in the repository: Env (worker/worker-configuration.d.ts) from wrangler.toml, after a change there.
      'types:worker': own.scripts['types:worker'],
    },
    dependencies: { 'checkout-lookup': `^${own.version}`, hono: version('hono'), jose: version('jose') },
    devDependencies: {
      '@cloudflare/workers-types': version('@cloudflare/workers-types'),
      '@hono/node-server': version('@hono/node-server'),
      typescript: version('typescript'),
      vitest: version('vitest'),
      wrangler: version('wrangler'),
    },
    engines: { node: '>=22.12' },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // worker/tsconfig.json (Workers types only) holds the settings; its "include" is relative to worker/.
  writeFileSync(join(dir, 'tsconfig.json'), '{\n  "extends": "./worker/tsconfig.json"\n}\n');
  writeFileSync(join(dir, '.gitignore'), 'node_modules/\n.wrangler/\n.dev.vars\n.env\n');
  writeDevVars(join(dir, '.dev.vars'));
  writeFileSync(join(dir, 'README.md'), readme(name));

  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(folder, entry.name));
      else files.push(relative(dir, join(folder, entry.name)));
    }
  };
  walk(dir);
  return { dir, files: files.sort() };
}

function readme(name) {
  return `# ${name}

The sample Worker of [checkout-lookup](https://www.npmjs.com/package/checkout-lookup): signed-in customers read their
own orders and checkout sessions, as pages or as JSON, while the checkout service's API key stays in the Worker's
secrets. Made by \`npx checkout-lookup create\`; the code in \`worker/\` is yours to change.

## Try it

Node 22.12 or later (for wrangler):

\`\`\`sh
npm install
npm start
\`\`\`

\`npm start\` serves a sandbox of the checkout service on http://127.0.0.1:${SANDBOX_PORT}, runs the Worker with
\`wrangler dev\` on http://localhost:${WORKER_PORT} and prints sign-in links for the seeded customer \`cus_ada\`: her
order \`ord_ada_1\` and her open checkout \`cs_open_ada\`, which completes about 20 s after its page is first opened.
Ctrl-C stops both. Its settings are in \`.dev.vars\`, generated with random secrets and git-ignored: never commit it.
\`PORT\` changes the Worker's port; the sandbox's is the one in \`API_BASE_URL\` in \`.dev.vars\`.

## Deploy

\`\`\`sh
npx wrangler secret put API_KEY       # your key from the merchant dashboard
npx wrangler secret put AUTH_SECRET   # at least 32 random bytes; your shop signs its sign-in tokens with it
npm run deploy
\`\`\`

Set \`API_BASE_URL\` (the checkout service's address) and the other settings under \`[vars]\` in \`wrangler.toml\`.
Every setting, the routes, the sign-in tokens your shop issues and the pages:
[${DOCS}](${DOCS}) (also at ${WEB_DOCS}).
The SDK's own guide is in \`node_modules/checkout-lookup/README.md\`, and testing with the sandbox in
\`node_modules/checkout-lookup/docs/testing.md\`.

## Test

\`\`\`sh
npm test
\`\`\`

runs \`worker/test/\` with vitest: the Worker's handler called in this process, Request in and Response out, with
the sandbox of the checkout service in place of the service and a KV namespace in memory. Add a test there for
each promise your Worker keeps. \`npm run typecheck\` checks the Worker with the Workers types
(\`@cloudflare/workers-types\`); after changing a var or a binding in \`wrangler.toml\`, \`npm run types:worker\`
regenerates \`worker/worker-configuration.d.ts\`.
`;
}
