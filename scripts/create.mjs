// `npx checkout-lookup create <folder>`: a new project with the sample worker, from the installed package alone.
// The template is this package's own worker/ and wrangler.toml (the repository's, shipped in the tarball: one copy),
// with what must change for a stand-alone project rewritten here: its name, where its docs are, a package.json
// that depends on checkout-lookup by version, a tsconfig.json, a vitest.config.ts, a README, a .gitignore, a
// generated .dev.vars and a .dev.vars.example. The project's tests are worker/test/; `npm test` runs them inside
// workerd with the bindings of wrangler.toml (@cloudflare/vitest-plugin).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST, SANDBOX_PORT, WORKER_PORT, writeDevVars } from './dev-vars.mjs';

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
      // wrangler deploy, refused while API_BASE_URL is empty or malformed (scripts/deploy.mjs, as in the repository).
      deploy: 'checkout-lookup deploy',
      // As in the repository (worker/README.md's Deploy steps), less its build: the installed package is built.
      'deploy:dry-run': 'checkout-lookup deploy --dry-run --outdir .wrangler/dry-run',
      typecheck: 'tsc --noEmit',
      test: 'vitest run',
      // As in the repository: Env (worker/worker-configuration.d.ts) from wrangler.toml, after a change there.
      'types:worker': own.scripts['types:worker'],
    },
    dependencies: { 'checkout-lookup': `^${own.version}`, hono: version('hono'), jose: version('jose') },
    devDependencies: {
      '@cloudflare/vitest-plugin': version('@cloudflare/vitest-plugin'),
      '@cloudflare/workers-types': version('@cloudflare/workers-types'),
      '@hono/node-server': version('@hono/node-server'),
      typescript: version('typescript'),
      // The plugin runs vitest's internals, which semver does not cover: the minor tested here, patches only.
      vitest: `~${version('vitest').replace(/^[\^~]/, '')}`,
      wrangler: version('wrangler'),
    },
    engines: { node: '>=22.12' },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // worker/tsconfig.json (Workers types only) holds the settings; its "include" is relative to worker/.
  writeFileSync(join(dir, 'tsconfig.json'), '{\n  "extends": "./worker/tsconfig.json"\n}\n');
  writeFileSync(join(dir, 'vitest.config.ts'), VITEST_CONFIG);
  writeFileSync(join(dir, '.gitignore'), 'node_modules/\n.wrangler/\n.dev.vars\n.env\n');
  writeDevVars(join(dir, '.dev.vars'));
  writeFileSync(join(dir, '.dev.vars.example'), devVarsExample(wrangler));
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

/** The project's vitest.config.ts: its tests in workerd, with the bindings of wrangler.toml. */
const VITEST_CONFIG = `import { randomBytes } from 'node:crypto';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// The tests run inside workerd with wrangler.toml's bindings (the SIGN_OUTS KV namespace and the RATE_LIMITER rate
// limit, local and empty on each run) and its vars, over which the bindings below are laid: fresh secrets for each
// run (never .dev.vars' or production's) and a service address the tests never reach (they bind UPSTREAM to a
// sandbox). vitest is pinned to the minor this plugin was tested with: update the two together.

// wrangler reads .dev.vars as it reads wrangler.toml and says "Using secrets defined in .dev.vars", though every
// setting in it is replaced below: its warnings and errors only (WRANGLER_LOG=log or debug shows the rest).
process.env.WRANGLER_LOG ??= 'warn';

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          API_BASE_URL: 'https://checkout.invalid',
          API_KEY: randomBytes(24).toString('base64url'),
          AUTH_SECRET: randomBytes(32).toString('base64url'),
        },
      },
    }),
  ],
  test: {
    include: ['worker/test/**/*.test.ts'],
    // The worker's one log line per request, shown only for a test that fails.
    silent: 'passed-only',
  },
});
`;

/** The names under `[vars]` in a wrangler.toml, in order. */
function varsOf(wrangler) {
  const section = /^\[vars\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(wrangler)?.[1] ?? '';
  return [...section.matchAll(/^([A-Z][A-Z0-9_]*) = /gm)].map((m) => m[1]);
}

/** .dev.vars.example: every setting the worker reads locally, with placeholders, never a value to use. */
function devVarsExample(wrangler) {
  const optional = varsOf(wrangler).filter((name) => name !== 'API_BASE_URL');
  return [
    '# Local settings for `wrangler dev` and `npm start`, which read .dev.vars. `npx checkout-lookup create` wrote',
    '# .dev.vars with random values (`npm start` writes a new one when it is missing); copy this file to .dev.vars',
    '# only to point the worker elsewhere. .dev.vars is git-ignored: keep it so, and never put production secrets in',
    '# it; production secrets go in with `npx wrangler secret put` (README.md).',
    `API_BASE_URL="http://${HOST}:${SANDBOX_PORT}"`,
    '# Against the sandbox any value will do: `npm start` starts the sandbox with this key.',
    'API_KEY="<the service API key>"',
    "# At least 32 random bytes: node -e \"console.log(require('node:crypto').randomBytes(32).toString('base64url'))\"",
    'AUTH_SECRET="<at least 32 random characters>"',
    '# Any setting under [vars] in wrangler.toml may be set here for local runs; empty is unset (see its comments).',
    ...optional.map((name) => `# ${name}=""`),
    '',
  ].join('\n');
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
\`PORT\` changes the Worker's port; the sandbox's is the one in \`API_BASE_URL\` in \`.dev.vars\`. A port that is
taken is named, with the setting that moves it, before anything starts; \`npx checkout-lookup start --help\` lists
every setting.

## Test

\`\`\`sh
npm test
\`\`\`

runs \`worker/test/\` with vitest inside workerd, the runtime that serves the Worker in production
([\`@cloudflare/vitest-plugin\`](https://developers.cloudflare.com/workers/testing/vitest-integration/), configured in
\`vitest.config.ts\`), with the bindings of \`wrangler.toml\`: the \`SIGN_OUTS\` KV namespace and the \`RATE_LIMITER\`
rate limit, local and empty on each run. The tests send Requests to the Worker and read its Responses, with a
sandbox of the checkout service bound as \`UPSTREAM\` in place of the service and fresh secrets for each run; they
sign in, read an order as a page and as JSON, are refused another customer's order and a sign-in posted from
another site, sign out on every device, and reach the rate limit. Add a test there for each promise your Worker
keeps. vitest is pinned to the minor the plugin was tested with (\`~\` in \`package.json\`), as the plugin relies on
vitest's internals: update the two together.

\`npm run typecheck\` checks the Worker and its tests with the Workers types (\`@cloudflare/workers-types\`); after
changing a var or a binding in \`wrangler.toml\`, \`npm run types:worker\` regenerates
\`worker/worker-configuration.d.ts\`.

## From here to production

Each step once, in this folder. Every setting, route and page is described in
[${DOCS}](${DOCS}) (also at ${WEB_DOCS}).

1. **Log in to Cloudflare**: \`npx wrangler login\` opens the browser; \`npx wrangler whoami\` shows the account.
   In CI, set \`CLOUDFLARE_API_TOKEN\` (a token with the "Edit Cloudflare Workers" template) and
   \`CLOUDFLARE_ACCOUNT_ID\` instead.
2. **Point the Worker at the service**: under \`[vars]\` in \`wrangler.toml\`, set \`API_BASE_URL\` (the checkout
   service's address, e.g. \`"https://checkout.example.com"\`; empty, every route answers 500 naming it) and
   \`SHOP_URL\` (your shop, for "Back to the shop"). The other settings are optional; each is explained there.
3. **Store the secrets.** \`AUTH_SECRET\` signs the sign-in links: make one with

   \`\`\`sh
   node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))"
   \`\`\`

   and keep it where your shop's server reads its secrets; it must be the same value in both places. Then

   \`\`\`sh
   npx wrangler secret put AUTH_SECRET   # paste the value; on the first run wrangler offers to create the Worker
   npx wrangler secret put API_KEY       # your key from the merchant dashboard
   \`\`\`

   Secrets never go in \`wrangler.toml\` or in git (\`.dev.vars\` is local only; \`.dev.vars.example\` lists its
   settings).
4. **Make the KV namespace** where sign-outs are kept:

   \`\`\`sh
   npx wrangler kv namespace create SIGN_OUTS
   \`\`\`

   prints the new namespace's \`id\`; add it under the \`[[kv_namespaces]]\` block with \`binding = "SIGN_OUTS"\` in
   \`wrangler.toml\`, as \`id = "<that id>"\`. (Without an \`id\`, \`wrangler deploy\` creates a namespace on the first
   deploy; writing the id down keeps the Worker on the same one.) Without this binding, sign-out ends the sign-in in
   that browser only.
5. **Give it an address.** Without a route, the Worker answers on \`https://${name}.<your-subdomain>.workers.dev\`.
   To serve it under your shop's domain (a zone on Cloudflare), add to \`wrangler.toml\` a custom domain, for which
   Cloudflare makes the DNS record and the certificate:

   \`\`\`toml
   routes = [{ pattern = "orders.shop.example", custom_domain = true }]
   \`\`\`

   and, to turn the \`workers.dev\` address off, \`workers_dev = false\`. Put these top-level keys above \`[secrets]\`.
   Add that origin to \`ALLOWED_ORIGINS\` only if your shop's pages call the JSON routes from the browser.
6. **Deploy**: \`npm test\`, \`npm run deploy:dry-run\` (bundles the Worker and checks the configuration offline),
   then \`npm run deploy\`, which prints the address. Both run \`wrangler deploy\` through \`checkout-lookup deploy\`,
   which first refuses, exits 1 and builds nothing while \`API_BASE_URL\` is empty or not an http(s) address (step
   2): every route would answer 500. Extra options go to wrangler (\`npm run deploy -- --env staging\`); an address
   given as \`--var API_BASE_URL:https://…\` is checked in place of the one in \`wrangler.toml\`.
7. **Mint sign-in links in your shop.** Your shop's server signs a short-lived token for its signed-in customer
   with \`AUTH_SECRET\` (HS256) and links to the Worker's \`/sign-in\`, for example with
   [jose](https://github.com/panva/jose):

   \`\`\`ts
   import { SignJWT } from 'jose';

   const secret = new TextEncoder().encode(process.env.AUTH_SECRET); // the Worker's AUTH_SECRET
   const token = await new SignJWT({})
     .setProtectedHeader({ alg: 'HS256' })
     .setSubject(customer.id) // the customer id the service's records carry, e.g. 'cus_ada'
     .setIssuedAt()
     .setExpirationTime('15m') // days only for a link in an e-mail; at most 7 days (LINK_MAX_LIFETIME_SECONDS)
     .sign(secret);
   const link = \`https://orders.shop.example/sign-in?\${new URLSearchParams({ token, next: \`/orders/\${orderId}\` })}\`;
   \`\`\`

   The claims the Worker checks (\`sub\`, \`iat\`, \`exp\`, and \`iss\`/\`aud\` when \`AUTH_ISSUER\`/\`AUTH_AUDIENCE\` are
   set) are listed under "Sign-in" in the Worker's README. A link signs in whoever opens it: hand it only to the
   customer it names.
8. **Watch it.** \`npx wrangler tail\` streams each request of the deployed Worker live, with the Worker's one JSON
   log line per request (request id, method, route, status, time waited on the service; never a token, key or
   customer data). To keep and search logs, turn on Workers Logs in \`wrangler.toml\`, with query strings removed
   from the URLs it records:

   \`\`\`toml
   [observability]
   enabled = true
   redact_query_string = true
   \`\`\`

   **Sign-in links carry their token in the query string (\`/sign-in?token=…\`)**, valid for as long as the shop
   minted it for. \`wrangler tail\` prints each request's full URL, query string included, and so do Workers Logs
   without \`redact_query_string\`, and a Logpush job of Workers trace events that includes the \`Event\` field
   (leave that field out of the job's fields). Locally, \`wrangler dev\` (and so \`npm start\`) keeps a trace of each
   request with its full URL under \`.wrangler/state/\` (git-ignored; \`X_LOCAL_OBSERVABILITY=false\` turns that
   off). Treat whatever holds those URLs as secret, as you treat \`AUTH_SECRET\`. The Worker's README says more
   under "Observability and cost".

The SDK's own guide is in \`node_modules/checkout-lookup/README.md\`, and testing with the sandbox in
\`node_modules/checkout-lookup/docs/testing.md\`.
`;
}
