// Runs after `npm ci` and `npm install` in a clone: the `postprepare` script, which npm runs for the project itself
// only. (Not `prepare`: npm 11 counts a dependency's `prepare` among its install scripts, and would tell every project
// that installs this package that it has one its allowScripts do not cover.) vitest, wrangler and miniflare need
// Node 22.12 or later; the devDependencies bring Node 24, which npm scripts and npx run on. On an older Node, npm
// would print one EBADENGINE warning per such package, which .npmrc's `loglevel=error` keeps out; this says, once,
// what that means. The Node npm runs on is in its user agent (`node/v20.20.2`): `process.version` here is already
// node_modules' own.

const NEEDED = [22, 12];

/** The note for the Node that `userAgent` names, or `undefined` when that Node runs the tools itself. */
export function installNote(userAgent = '', command = '') {
  if (command !== 'ci' && command !== 'install') return undefined;
  const match = /\bnode\/v(\d+)\.(\d+)\.(\d+)/.exec(userAgent);
  if (!match) return undefined;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major > NEEDED[0] || (major === NEEDED[0] && minor >= NEEDED[1])) return undefined;
  const needed = `Node ${NEEDED.join('.')} or later`;
  return [
    `checkout-lookup: npm runs on Node ${match.slice(1).join('.')}, and the development tools (vitest, wrangler,`,
    `miniflare) need ${needed}. Nothing to do: npm scripts and npx run them on the Node 24 that the`,
    'devDependencies installed (node_modules/.bin/node), so npm test and npm start work as they are. To run a tool',
    `outside npm, use that Node or install ${needed}. (.npmrc sets loglevel=error, which keeps out npm's`,
    'EBADENGINE warning for each of those tools.)',
    '',
  ].join('\n');
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const note = installNote(process.env.npm_config_user_agent, process.env.npm_command);
  if (note !== undefined) process.stderr.write(note);
}
