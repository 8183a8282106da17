/** What is wrong with the settings for a deploy, in a sentence, or `undefined` (scripts/deploy.mjs). */
export function deployProblem(vars: Readonly<Record<string, unknown>> | undefined, where?: string): string | undefined;

/** Checks the settings `wrangler deploy <args>` would deploy; refuses (exit 1) or runs wrangler and exits as it does. */
export function deploy(args: readonly string[]): Promise<void>;
