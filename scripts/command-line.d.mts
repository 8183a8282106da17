import type { ParseArgsConfig } from 'node:util';

/** The one of `known` that `given` is likely a typo of, or `undefined` (scripts/command-line.mjs). */
export function closest(given: string, known: readonly string[]): string | undefined;

/** "unknown <what> <given>", and "; did you mean <closest>?" when one of `known` is close. */
export function unknown(what: string, given: string, known: readonly string[]): string;

/** The sentence for the first option in `args` that `options` does not have, or `undefined`. */
export function unknownOptionIn(args: readonly string[], options: NonNullable<ParseArgsConfig['options']>): string | undefined;

/** Reads a command's arguments: --help/-h prints `usage` and exits 0; a bad one prints it on stderr and exits 2. */
export function readCommandLine(
  args: readonly string[],
  config: { name: string; usage: string; options?: NonNullable<ParseArgsConfig['options']>; positionals?: boolean },
): { values: Record<string, string | boolean | undefined>; positionals: string[] };

/** Prints `<name>: <problem>`, a blank line and the usage on stderr; exit code 2. */
export function usageError(name: string, usage: string, problem: string): never;
