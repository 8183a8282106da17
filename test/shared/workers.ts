/**
 * How many test files run at once, in every project (each project config sets it: a project does not inherit the root
 * config's). Vitest's default is one fewer than the cores, which on a 2-core machine is one file at a time for the
 * whole run; most slow files wait on child processes (npm, wrangler, workerd, Chromium, tsc), so three at once keep
 * two cores busy. Every project of a run must name the same number (vitest refuses two in one group);
 * `--maxWorkers` or VITEST_MAX_WORKERS overrides it for all.
 */
export const MAX_WORKERS = 3;
