import { defineProject } from 'vitest/config';

// The sandbox's own behaviour, Request in and Response out, plus a few raw HTTP checks of serveSandbox.
export default defineProject({
  test: {
    name: 'sandbox',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
  },
});
