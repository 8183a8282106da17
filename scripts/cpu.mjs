#!/usr/bin/env node
// `node scripts/cpu.mjs -- <command> [args…]`: runs the command and prints the CPU time every process of it used,
// grouped by what the process is (Chromium by its process type, Node by the tool it runs), with the wall time. `time`
// counts only the children a process waited for; Chromium's renderers, and the processes of a browser started in its
// own session, are not among them. Linux only (it reads /proc).
//
// A process belongs to the command when it descends from it, or when it is in a session one of those started (Chromium
// is started with setsid; its renderers keep that session when they outlive their parent). /proc is read every
// POLL_MS; a process's CPU is its last reading (user + system), so a process shorter than that may be missed, and its
// children's CPU is never counted twice. `--dump <file>` writes every process with its start, end and CPU, as TSV.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readCommandLine, usageError } from './command-line.mjs';

const POLL_MS = 150;
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

const USAGE = `Usage: node scripts/cpu.mjs [--dump <file.tsv>] -- <command> [args…]

Runs the command and prints the CPU time its processes used, grouped by what each is, with the wall time.

  --dump <file.tsv>  also write every process with its start, end and CPU
  -h, --help         this help
`;
const args = process.argv.slice(2);
const dash = args.indexOf('--');
const { values, positionals: command } = readCommandLine(args, {
  name: 'scripts/cpu.mjs',
  usage: USAGE,
  options: { dump: { type: 'string' } },
  positionals: true,
});
const dump = values.dump;
if (dash === -1 || command.length === 0 || command.length !== args.length - dash - 1) {
  usageError('scripts/cpu.mjs', USAGE, 'the command goes after --');
}

/** pid, parent, session and CPU ticks of a process from /proc/<pid>/stat, or undefined once it is gone. */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), session: Number(fields[3]), ticks: Number(fields[11]) + Number(fields[12]), started: fields[19] };
  } catch {
    return undefined;
  }
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/** What a process is, for the table: Chromium's by its --type, a tool by its name, else its program. */
function kind(line) {
  if (/\bchrom(e|ium)\b/.test(line)) return `chromium ${/--type=([\w-]+)/.exec(line)?.[1] ?? 'browser'}`;
  const tools = [
    // npm first: `npm exec vitest …` is npm's process, not vitest's.
    [/^(\S*\/)?(npm|npx)\b|^\S*node \S*\/(npm|npx)\b/, 'npm'],
    [/vitest\/suppress-warnings/, 'vitest worker'],
    [/\bvitest\b/, 'vitest (the run, or one a test starts)'],
    [/typescript\/bin\/tsc|\/\.bin\/tsc\b/, 'tsc'],
    [/\bworkerd\b/, 'workerd'],
    [/wrangler/, 'wrangler'],
    [/\bdeno\b/, 'deno'],
    [/\bbun\b/, 'bun'],
    [/\besbuild\b/, 'esbuild'],
    [/\btsup\b/, 'tsup'],
  ];
  for (const [pattern, name] of tools) if (pattern.test(line)) return name;
  return line.split(' ')[0].split('/').at(-1) || '?';
}

const started = performance.now();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const ours = new Set([child.pid]);
const sessions = new Set();
const ownSession = stat(process.pid)?.session;
/** `${pid}:${start}` (a pid may be reused) → what is known of that process. */
const seen = new Map();
let exitCode;
child.on('exit', (code, signal) => (exitCode = code ?? (signal ? 1 : 0)));

function poll() {
  const now = (performance.now() - started) / 1000;
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const found = stat(name);
    if (found) all.set(Number(name), found);
  }
  // Descendants and members of adopted sessions, to a fixed point (a parent may be listed after its child).
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { parent, session }] of all) {
      if (ours.has(pid)) continue;
      if (ours.has(parent) || (sessions.has(session) && session !== ownSession)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  for (const pid of ours) {
    const found = all.get(pid);
    if (!found) continue;
    // A process of ours that leads a session of its own (setsid): the whole session is the command's.
    if (found.session === pid && found.session !== ownSession) sessions.add(pid);
    const key = `${pid}:${found.started}`;
    const known = seen.get(key);
    if (known === undefined) seen.set(key, { pid, first: now, last: now, ticks: found.ticks, line: commandLine(pid) });
    else {
      known.last = now;
      known.ticks = Math.max(known.ticks, found.ticks);
      // A process forked by Node reads as its parent until it runs its own program.
      if (now - known.first < 1) known.line = commandLine(pid) || known.line;
    }
  }
}

while (exitCode === undefined) {
  poll();
  await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}
const wall = (performance.now() - started) / 1000;
// Orphans (renderers finishing their work) for up to five seconds more.
for (const until = performance.now() + 5000; performance.now() < until; await new Promise((resolve) => setTimeout(resolve, POLL_MS))) {
  poll();
  if (![...ours].some((pid) => stat(pid) !== undefined)) break;
}

const groups = new Map();
for (const { ticks, line } of seen.values()) {
  const name = kind(line);
  const group = groups.get(name) ?? { seconds: 0, processes: 0 };
  group.seconds += ticks / TICKS_PER_SECOND;
  group.processes += 1;
  groups.set(name, group);
}
const total = [...groups.values()].reduce((sum, group) => sum + group.seconds, 0);
console.error(`\n== cpu: exit ${exitCode}, ${wall.toFixed(1)} s wall, ${total.toFixed(1)} s of CPU in ${seen.size} processes`);
for (const [name, { seconds, processes }] of [...groups].sort((a, b) => b[1].seconds - a[1].seconds)) {
  if (seconds >= 0.5) console.error(`${seconds.toFixed(1).padStart(8)} s ${String(processes).padStart(5)}  ${name}`);
}
if (dump) {
  const rows = [...seen.values()].sort((a, b) => a.first - b.first);
  writeFileSync(
    dump,
    `${rows.map((row) => [row.pid, row.first.toFixed(1), row.last.toFixed(1), (row.ticks / TICKS_PER_SECOND).toFixed(2), row.line].join('\t')).join('\n')}\n`,
  );
}
process.exit(exitCode);
