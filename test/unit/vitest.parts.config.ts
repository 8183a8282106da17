import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'unit', root: import.meta.dirname, include: ['parts-*.test.ts'], environment: 'node' } });
