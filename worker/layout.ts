// Stub for this branch: the layout lives in pages.ts here; worker-pages' layout.ts replaces this file at merge.
export { messagePage, page } from './pages.js';
