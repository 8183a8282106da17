import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { repoRoot } from '../shared/run.js';

// `node bench/report.mjs` on a small run's JSON, as after `npm run bench`: BENCHMARKS.md and its SVG charts, every
// bar drawn from a figure of that JSON. The run below has two runtimes and two routes, with figures no real run has.

const dir = mkdtempSync(join(tmpdir(), 'checkout-lookup-bench-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NAMES = ['bare', 'schema', 'deadline', 'by hand', 'by hand, Request', 'by hand, readText', 'getOrder', 'getOrder, injected fetch'];
/** One runtime and placement of bench/per-call.mjs's results, with `bare`, `by hand` and `getOrder` as given. */
function perCallResult(runtime: string, server: string, [bare, byHand, getOrder]: [number, number, number]) {
  const overall = Object.fromEntries(NAMES.map((name, i) => [name, byHand + i]));
  Object.assign(overall, { bare, 'by hand': byHand, getOrder });
  const each = (value: unknown) => Object.fromEntries(NAMES.map((name) => [name, value]));
  return {
    runtime,
    server,
    goal: 1.1,
    met: getOrder / byHand <= 1.1,
    names: NAMES,
    overall,
    ratio: getOrder / byHand,
    roundRatios: [getOrder / byHand],
    ratios: { getOrder: getOrder / byHand, 'getOrder, injected fetch': 1.2 },
    cpuRatios: { getOrder: 1.1 },
    elements: { "the SDK's own overhead (getOrder minus by hand)": getOrder - byHand },
    moves: each({ fraction: 0.01 }),
    afterEach: each(each({ us: byHand })),
    ratioAfter: { bare: 1.1 },
    withNextCall: 1.2,
  };
}
const perCall = [perCallResult('Node 24', 'same', [231.7, 246.3, 302.9]), perCallResult('Bun', 'other', [80.3, 98.5, 128.6])];
const cpu = (ms: number) => ({ cpuMsPerRequest: ms, samples: [ms] });
const run = {
  command: 'npm run bench',
  started: '2026-11-27T15:59:00.000Z',
  commit: 'abc1234',
  dirty: false,
  machine: 'a test machine',
  versions: { node: 'v24' },
  load: { perCall: { before: 1, after: 1, seconds: 60 } },
  seconds: 120,
  results: {
    perCall: {
      config: { goals: { 'Node 24': 1.1, Bun: 1.1 }, seed: 15, warmupCycles: 1, rounds: 1, cycles: 1 },
      contenders: {},
      payloadBytes: 901,
      results: perCall,
    },
    workerLoad: {
      config: { rounds: 9, cpuRequests: 3000 },
      cpu: { 'worker JSON route (GET /api/order/:id, Bearer)': cpu(0.633), 'worker home page (GET /, no lookup)': cpu(0.167) },
      baseline: {
        ref: 'bfa367d',
        commit: 'bfa367d',
        cpu: { 'worker JSON route (GET /api/order/:id, Bearer)': cpu(0.653), 'worker home page (GET /, no lookup)': cpu(0.17) },
        ratios: {
          'worker JSON route (GET /api/order/:id, Bearer)': { median: 0.97, perRound: [0.97] },
          'worker home page (GET /, no lookup)': { median: 0.98, perRound: [0.98] },
        },
      },
      targets: [],
    },
  },
};

/** The chart's bars: their group, series, value and width, as drawn. */
function bars(svg: string) {
  return [...svg.matchAll(/<rect class="bar" [^>]*?width="([\d.]+)"[^>]*? data-group="([^"]*)" data-series="([^"]*)" data-value="([^"]*)">/g)].map(
    ([, width, group, series, value]) => ({ group: group!.replaceAll('&#39;', "'"), series: series!, value: Number(value), width: Number(width) }),
  );
}

test('writes BENCHMARKS.md and an SVG chart for each measurement with one, a bar per contender drawn from the JSON', async () => {
  const json = join(dir, 'bench.json');
  writeFileSync(json, JSON.stringify(run));
  const { stdout } = await promisify(execFile)(process.execPath, [join(repoRoot, 'bench/report.mjs'), '--out', dir, json], { timeout: 30_000 });
  expect(stdout).toContain('BENCHMARKS.md');

  const perCallSvg = readFileSync(join(dir, 'docs/benchmarks/per-call.svg'), 'utf8');
  expect(perCallSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="0 0 \d+ \d+"/);
  const drawn = bars(perCallSvg);
  // Per runtime and placement, bare fetch, the careful hand-written client and getOrder: 2 x 3 bars.
  expect(drawn.map(({ group, series }) => `${group}: ${series}`)).toEqual([
    'Node 24, same process: bare',
    'Node 24, same process: by hand',
    'Node 24, same process: getOrder',
    'Bun, other process: bare',
    'Bun, other process: by hand',
    'Bun, other process: getOrder',
  ]);
  expect(drawn.map(({ value }) => value)).toEqual([231.7, 246.3, 302.9, 80.3, 98.5, 128.6]);
  // On one scale from zero: each bar's length in proportion to its value; its value written beside it.
  for (const bar of drawn) expect(bar.width / drawn[0]!.width).toBeCloseTo(bar.value / drawn[0]!.value, 2);
  for (const label of ['302.9 µs', '128.6 µs', '80.3 µs']) expect(perCallSvg).toContain(`>${label}</text>`);
  expect(perCallSvg).toContain('commit abc1234');

  const cpuSvg = readFileSync(join(dir, 'docs/benchmarks/worker-cpu.svg'), 'utf8');
  expect(bars(cpuSvg).map(({ group, series, value }) => `${group}: ${series} ${value}`)).toEqual([
    'JSON route (GET /api/order/:id): this worker 0.633',
    'JSON route (GET /api/order/:id): baseline worker (bfa367d) 0.653',
    'home page (GET /): this worker 0.167',
    'home page (GET /): baseline worker (bfa367d) 0.17',
  ]);
  expect(cpuSvg).toContain('>0.633 ms</text>');

  // BENCHMARKS.md shows each chart at the head of its section, above its tables, by a path relative to itself.
  const markdown = readFileSync(join(dir, 'BENCHMARKS.md'), 'utf8');
  for (const [heading, path] of [
    ['## Per call', 'docs/benchmarks/per-call.svg'],
    ['## The sample Worker under load', 'docs/benchmarks/worker-cpu.svg'],
  ] as const) {
    const section = markdown.slice(markdown.indexOf(heading));
    expect(section.indexOf(`](${path})`), path).toBeGreaterThan(0);
    expect(section.indexOf(`](${path})`), path).toBeLessThan(section.indexOf('\n| '));
  }
});

test('a measurement the run did not make gets no chart, and BENCHMARKS.md links none for it', async () => {
  const json = join(dir, 'partial.json');
  const out = join(dir, 'partial');
  writeFileSync(json, JSON.stringify({ ...run, results: { perCall: run.results.perCall, workerLoad: { notMeasured: 'workerd failed' } } }));
  const { stdout } = await promisify(execFile)(process.execPath, [join(repoRoot, 'bench/report.mjs'), '--out', out, json], { timeout: 30_000 });
  expect(stdout).toContain('docs/benchmarks/per-call.svg');
  expect(stdout).not.toContain('worker-cpu.svg');
  const markdown = readFileSync(join(out, 'BENCHMARKS.md'), 'utf8');
  expect(markdown).toContain('Not measured: workerd failed');
  expect(markdown).not.toContain('](docs/benchmarks/worker-cpu.svg)');
});
