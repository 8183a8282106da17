// Reads a V8 .cpuprofile (from `node --cpu-prof`) into self time per function and per origin, the evidence
// written into BENCHMARKS.md when a target is missed.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Which code a frame belongs to. */
export function originOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : 'V8 builtins';
  // The project's dist/, or the run's copy of it (node_modules/checkout-lookup/dist, see snapshot.mjs).
  if (/(?:^|\/)(?:node_modules\/checkout-lookup\/)?dist\/(?:index|testing\/)/.test(url) && !/node_modules\/(?!checkout-lookup\/)/.test(url)) {
    return 'checkout-lookup (dist)';
  }
  if (url.includes('bench/baselines/')) return 'baseline code';
  if (url.includes('/bench/')) return 'bench harness';
  if (url.includes('node_modules/valibot')) return 'valibot';
  if (url.includes('node_modules/zod')) return 'zod';
  if (url.includes('undici')) return 'undici (Node fetch)';
  if (url.startsWith('node:internal/webstreams') || url.includes('internal/webstreams')) return 'Node web streams';
  if (url.startsWith('node:') || url.startsWith('internal/')) return 'Node internals';
  return url.replace(/^.*node_modules\//, '').split('/')[0];
}

/**
 * Self time of each function and each origin in the newest .cpuprofile of `dir`, as ms and as % of the
 * profile's non-idle time. `perCallOf` divides by the number of calls made while profiling.
 */
export async function summarizeProfile(dir, { calls, top = 12 } = {}) {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile')).sort();
  if (names.length === 0) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(await readFile(join(dir, names[names.length - 1]), 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  for (const [index, id] of profile.samples.entries()) {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  }
  const functions = new Map();
  const origins = new Map();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)') continue;
    busy += us;
    const origin = originOf(callFrame.url, name);
    const key = `${name} ${callFrame.url}:${callFrame.lineNumber + 1}`;
    const entry = functions.get(key) ?? { name, origin, location: shortLocation(callFrame), us: 0 };
    entry.us += us;
    functions.set(key, entry);
    origins.set(origin, (origins.get(origin) ?? 0) + us);
  }
  const perCall = (us) => (calls ? us / calls : undefined);
  return {
    busyMs: busy / 1000,
    calls,
    origins: [...origins]
      .map(([origin, us]) => ({ origin, ms: us / 1000, share: us / busy, usPerCall: perCall(us) }))
      .sort((a, b) => b.ms - a.ms),
    top: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map(({ name, origin, location, us }) => ({ name, origin, location, ms: us / 1000, share: us / busy, usPerCall: perCall(us) })),
  };
}

function shortLocation({ url, lineNumber }) {
  if (!url) return '';
  const short = url
    .replace(/^file:\/\/.*?\/node_modules\/checkout-lookup\/dist\//, 'dist/')
    .replace(/^file:\/\/.*?\/(node_modules\/|dist\/|bench\/)/, '$1');
  return `${short}:${lineNumber + 1}`;
}
