/// <reference types="vite/client" />
import { describe, expect, inject, test } from 'vitest';

// docs/testing.md's "Testing a Worker" examples run as written, inside workerd: this project's global setup writes
// each into docs-examples/ (see ../sandbox/docs-examples.ts), and each runs here in a describe of its own.
const examples = Object.entries(import.meta.glob('./docs-examples/example-*.ts')).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));

test('both Worker examples of the testing guide are here', () => {
  expect(examples.length).toBe(inject('docExamples'));
  expect(examples.length).toBe(2);
});

for (const [path, load] of examples) {
  describe(`docs/testing.md ${path.replace('./docs-examples/', '')}`, async () => {
    await load();
  });
}
