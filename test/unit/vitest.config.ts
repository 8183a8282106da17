import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'unit',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    typecheck: { enabled: true, include: ['**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
