// Adds lock entries for the other platforms' optional binaries (deno, rollup, workerd) that this machine's
// registry does not serve (it answers 404), so `npm ci` accepts the lock file. Each entry carries only the
// version and its os/cpu/libc: npm skips it on any other platform and never fetches it.
// Run after `npm install` changes the lock file: node scripts/lock-other-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { readCommandLine } from './command-line.mjs';

readCommandLine(process.argv.slice(2), {
  name: 'scripts/lock-other-platforms.mjs',
  usage: `Usage: node scripts/lock-other-platforms.mjs

Adds to package-lock.json the entries of the other platforms' optional binaries (deno, rollup, workerd) that this
machine's registry does not serve, so npm ci accepts the lock file. Run it after npm install changes the lock file.

  -h, --help  this help
`,
});

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
const OS = [['darwin'], ['win32', 'win32'], ['windows', 'win32'], ['android'], ['freebsd'], ['openbsd'], ['openharmony'], ['linux']];
const CPU = [
  [/arm-(eabi|gnueabihf|musleabihf)$/, 'arm'],
  [/arm64/, 'arm64'],
  [/ia32/, 'ia32'],
  [/loong64/, 'loong64'],
  [/ppc64/, 'ppc64'],
  [/riscv64/, 'riscv64'],
  [/s390x/, 's390x'],
  [/(x64|-64)(-|$)/, 'x64'],
];

function platformOf(name) {
  const base = name.split('/').pop();
  const os = OS.find(([key]) => base.includes(key));
  const cpu = CPU.find(([pattern]) => pattern.test(base));
  if (!os || !cpu) throw new Error(`cannot tell the platform of ${name}`);
  const entry = { os: [os[1] ?? os[0]], cpu: [cpu[1]] };
  if (/musl/.test(base)) entry.libc = ['musl'];
  else if (/gnu|glibc/.test(base)) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  if (!/(^|\/)(deno|rollup|workerd)$/.test(path) || !pkg.optionalDependencies) continue;
  for (const [name, version] of Object.entries(pkg.optionalDependencies)) {
    if (!/^@(deno|rollup|cloudflare)\//.test(name)) continue;
    const nested = `${path}/node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || (packages[top] && packages[top].version === version)) continue;
    const at = packages[top] ? nested : top;
    packages[at] = { version, dev: true, optional: true, ...platformOf(name) };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)));
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-other-platforms: ${added} entries added`);
