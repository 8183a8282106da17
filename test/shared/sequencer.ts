import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';
import { repoRoot } from './run.js';

/**
 * Seconds each file of 10 s or more took in a full `npm test` (2-core machine, three files at once, nothing else
 * running), so a run with no results of its own yet (a clean clone, CI) still starts the longest files first. Any
 * file not listed counts as quick.
 */
const EXPECTED_SECONDS: Readonly<Record<string, number>> = {
  'test/e2e/page-states.test.ts': 119,
  'test/e2e/order-page.test.ts': 75,
  'test/package/create.test.ts': 89,
  'test/readme/environments.test.ts': 43,
  'test/readme/compile.test.ts': 45,
  'test/integration/consumer-types.test.ts': 40,
  'test/worker/deploy.test.ts': 25,
  'test/e2e/sign-in-link-history.test.ts': 20,
  'test/readme/quickstarts.test.ts': 15,
  'test/e2e/start.test.ts': 14,
  'test/readme/install-on-node-20.test.ts': 12,
  'test/worker/workerd.test.ts': 13,
  'test/e2e/print.test.ts': 13,
};

/** A file that takes this long or longer starts by its duration alone; shorter ones run grouped by project. */
const LONG_MS = 10_000;

/**
 * Every file of every project in one queue, longest first: the files that take longest start at once, and the short
 * ones fill the workers around them, so the run ends soon after its longest file. (Vitest's own order runs the
 * projects one after another.) A file's duration is its last result in vitest's cache when there is one, else
 * EXPECTED_SECONDS; failed files go first, as vitest's own order does.
 *
 * The short files come project by project (the project with the most time first, and in each the longest file
 * first): vitest keeps a worker process for the next file only when that file is next in the queue and of the same
 * project (`isolate: false`), so files of different projects in turn would start a process each.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (spec: TestSpecification): number => {
      const result = this.ctx.cache.getTestSpecificationResult(spec);
      if (result?.failed) return Number.POSITIVE_INFINITY;
      const expected = EXPECTED_SECONDS[relative(repoRoot, spec.moduleId)] ?? 0;
      return result?.duration ?? expected * 1000;
    };
    const weights = new Map(files.map((spec) => [spec, weight(spec)]));
    const longestFirst = (a: TestSpecification, b: TestSpecification) => weights.get(b)! - weights.get(a)!;
    const long = files.filter((spec) => weights.get(spec)! >= LONG_MS).sort(longestFirst);
    const projects = new Map<string, TestSpecification[]>();
    for (const spec of files.filter((spec) => weights.get(spec)! < LONG_MS)) {
      const name = spec.project.name;
      projects.set(name, [...(projects.get(name) ?? []), spec]);
    }
    const total = (specs: TestSpecification[]) => specs.reduce((sum, spec) => sum + weights.get(spec)!, 0);
    const short = [...projects.values()].sort((a, b) => total(b) - total(a)).flatMap((specs) => specs.sort(longestFirst));
    return [...long, ...short];
  }
}
