// The charts of BENCHMARKS.md, drawn as SVG from the same run's JSON as its tables (bench/report.mjs writes both):
// horizontal bars, one per contender in each group, on one scale from zero, each labelled with its value. Plain SVG
// (rects and text, a white card behind them), so GitHub shows it in Markdown, and a browser opens it from the
// package's docs/benchmarks/ offline; each bar's value is also in its tooltip and its data-value attribute.

const FONT = "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";
const WIDTH = 800;
const LABEL = 240; // the groups' labels, left of the bars
const VALUE = 80; // the bars' values, right of the longest
const BAR = 14;
const GAP = 3;
const GROUP_GAP = 12;
const TOP = 74;

/** Text for an SVG element or attribute. */
const xml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const fixed = (value, digits) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Round steps for an axis from 0 to at least `max`: 1, 2 or 5 times a power of ten, about five of them. */
function ticks(max) {
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const count = Math.ceil(max / step);
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

/**
 * One chart: `groups` ({ label, bars: [{ series, value }] }) drawn against `series` ({ name, color }), in `unit`
 * with `digits` decimals. `title` and `subtitle` head it; `description` is its text for screen readers.
 */
export function barChart({ title, subtitle, description, unit, digits, series, groups }) {
  const values = groups.flatMap((group) => group.bars.map((bar) => bar.value)).filter(Number.isFinite);
  const axis = ticks(Math.max(...values, Number.MIN_VALUE));
  const top = axis.at(-1);
  const tickDigits = Math.max(0, -Math.floor(Math.log10(axis[1])));
  const plot = WIDTH - LABEL - VALUE - 20;
  const x = (value) => LABEL + (value / top) * plot;
  const colorOf = Object.fromEntries(series.map(({ name, color }) => [name, color]));
  let y = TOP;
  const rows = [];
  for (const group of groups) {
    const height = group.bars.length * (BAR + GAP) - GAP;
    rows.push(`<text x="${LABEL - 10}" y="${y + height / 2 + 4}" text-anchor="end" font-weight="600">${xml(group.label)}</text>`);
    for (const { series: name, value } of group.bars) {
      const known = Number.isFinite(value);
      const width = known ? Math.max(x(value) - LABEL, 0.5) : 0;
      const shown = known ? `${fixed(value, digits)} ${unit}` : 'not measured';
      rows.push(
        `<rect class="bar" x="${LABEL}" y="${y}" width="${width.toFixed(2)}" height="${BAR}" fill="${colorOf[name]}" data-group="${xml(group.label)}" data-series="${xml(name)}" data-value="${known ? value : ''}"><title>${xml(`${group.label}: ${name}, ${shown}`)}</title></rect>`,
        `<text x="${(LABEL + width + 5).toFixed(2)}" y="${y + BAR - 3}" fill="#333">${xml(shown)}</text>`,
      );
      y += BAR + GAP;
    }
    y += GROUP_GAP - GAP;
  }
  const bottom = y - GROUP_GAP + GAP + 6;
  const grid = axis.map(
    (value) =>
      `<line x1="${x(value).toFixed(2)}" y1="${TOP - 6}" x2="${x(value).toFixed(2)}" y2="${bottom}" stroke="${value === 0 ? '#888' : '#e3e3e3'}"/>` +
      `<text x="${x(value).toFixed(2)}" y="${bottom + 16}" text-anchor="middle" fill="#555">${xml(fixed(value, tickDigits))}</text>`,
  );
  let legendX = LABEL;
  const legend = series.map(({ name, color }) => {
    const item = `<rect x="${legendX}" y="50" width="12" height="12" fill="${color}"/><text x="${legendX + 17}" y="60.5">${xml(name)}</text>`;
    legendX += 17 + name.length * 7 + 24;
    return item;
  });
  const height = bottom + 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="title desc" font-family="${xml(FONT)}" font-size="12">
<title id="title">${xml(title)}</title>
<desc id="desc">${xml(description)}</desc>
<rect width="${WIDTH}" height="${height}" rx="6" fill="#ffffff"/>
<text x="16" y="24" font-size="15" font-weight="700">${xml(title)}</text>
<text x="16" y="41" fill="#555">${xml(subtitle)}</text>
${legend.join('\n')}
${grid.join('\n')}
${rows.join('\n')}
<text x="${LABEL + plot / 2}" y="${height - 8}" text-anchor="middle" fill="#555">${xml(unit)}</text>
</svg>
`;
}

/** The contenders of the per-call chart, in the order they are drawn: the floor, the careful client, the SDK. */
export const PER_CALL_SERIES = [
  { name: 'bare', color: '#9aa5b1' },
  { name: 'by hand', color: '#4e79a7' },
  { name: 'getOrder', color: '#e15759' },
];

/** What the charts' subtitles say of the run. */
const runLine = ({ command, started, commit }) => `${command}, ${started.slice(0, 16).replace('T', ' ')} UTC, commit ${commit}`;

/** Per call: the median of bare fetch, the careful hand-written client and getOrder, per runtime and server placement. */
export function perCallChart(run) {
  const { results } = run.results.perCall;
  return barChart({
    title: 'Per call: median time of one call (shorter is faster)',
    subtitle: `${runLine(run)}; the loopback server in the same process as the calls, or in another`,
    description: `Median microseconds per call of bare fetch, the careful hand-written client and getOrder, in ${results.length} runtime and server placements.`,
    unit: 'µs',
    digits: 1,
    series: PER_CALL_SERIES,
    groups: results.map((r) => ({
      label: `${r.runtime}, ${r.server} process`,
      bars: PER_CALL_SERIES.map(({ name }) => ({ series: name, value: r.overall[name] })),
    })),
  });
}

/** The worker's CPU per request in workerd, per route, and the baseline worker's when the run measured one. */
export function workerCpuChart(run) {
  const { cpu = {}, baseline } = run.results.workerLoad;
  const series = [
    { name: 'this worker', color: '#e15759' },
    ...(baseline ? [{ name: `baseline worker (${baseline.commit})`, color: '#4e79a7' }] : []),
  ];
  return barChart({
    title: "The sample Worker: workerd's CPU time per request (shorter is cheaper)",
    subtitle: `${runLine(run)}; median of ${run.results.workerLoad.config?.rounds ?? '?'} rounds at 16 connections`,
    description: `Milliseconds of workerd CPU time per request on each of ${Object.keys(cpu).length} routes${baseline ? ', for this worker and the baseline worker' : ''}.`,
    unit: 'ms',
    digits: 3,
    series,
    groups: Object.entries(cpu).map(([route, c]) => ({
      // "worker JSON route (GET /api/order/:id, Bearer)" as "JSON route (GET /api/order/:id)".
      label: route.replace(/^worker /, '').replace(/ \(([^,)]*)[^)]*\)$/, ' ($1)'),
      bars: [
        { series: series[0].name, value: c.cpuMsPerRequest },
        ...(baseline ? [{ series: series[1].name, value: baseline.cpu[route]?.cpuMsPerRequest }] : []),
      ],
    })),
  });
}
