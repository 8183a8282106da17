// Import cost, split inside the process: valibot alone, then the BUILT main entry on top of it (valibot already
// loaded), in milliseconds, as JSON.
const started = performance.now();
await import('valibot');
const valibot = performance.now();
await import('../../dist/index.js');
const done = performance.now();
console.log(JSON.stringify({ valibotMs: valibot - started, packageOnTopMs: done - valibot }));
