// Import cost measured inside the process: the dynamic import of the BUILT main entry, in milliseconds.
const started = performance.now();
await import('../../dist/index.js');
console.log(performance.now() - started);
