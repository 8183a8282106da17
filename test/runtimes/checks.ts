import { run } from '../shared/run.js';
import type { Service } from './service.js';

/** What the fixtures report (fixtures/checks.mjs); asserted in expectations.ts. */
// biome-ignore lint/suspicious/noExplicitAny: facts are whatever JSON a runtime printed; the expectations read them.
export type Facts = Record<string, any>;

/** The config fixtures/checks.mjs reads; `label` makes this run's flaky id unique (`ord_flaky_<label>`). */
export function checkConfig(service: Service, label: string) {
  service.flaky(label);
  return { baseUrl: service.url, apiKey: service.sandbox.apiKey, deadUrl: service.deadUrl, label };
}

/**
 * Runs one runtime as a child process in the user's project, with the checks' config in the environment
 * (CHECKOUT_LOOKUP_RUNTIME_CHECK), and returns the facts it printed after RUNTIME-CHECK-RESULT. Rejects with the
 * command, exit and output (the key hidden) on a non-zero exit, a missing or broken result line, or a timeout.
 */
export async function runChecks(
  command: string,
  args: readonly string[],
  options: { cwd: string; config: ReturnType<typeof checkConfig>; env?: Record<string, string> },
): Promise<Facts> {
  const { cwd, config } = options;
  const env = { ...options.env, CHECKOUT_LOOKUP_RUNTIME_CHECK: JSON.stringify(config) };
  const result = await run(command, args, { cwd, env, secrets: [config.apiKey] });
  if (result.code !== 0) throw new Error(result.report);
  return marked(result.stdout, 'RUNTIME-CHECK-RESULT ', result.report) as Facts;
}

/** The JSON printed after `marker` on one line of `stdout`. */
export function marked(stdout: string, marker: string, report: string): unknown {
  const line = stdout.split('\n').find((text) => text.startsWith(marker));
  if (!line) throw new Error(`printed no ${marker.trim()} line: ${report}`);
  try {
    return JSON.parse(line.slice(marker.length));
  } catch (error) {
    throw new Error(`printed a result that is not JSON (${String(error)}): ${report}`);
  }
}
