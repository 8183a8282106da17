import type * as v from 'valibot';
import type { ValidationIssue } from '../errors.js';
import { kindOf } from './message.js';

/** Issues kept of one parse; the parse stops at the next one, so a body of 500,000 wrong items costs no more. */
const MAX_ISSUES = 20;

/** The issues raised in the parse under way (parses are synchronous: one at a time). */
let count = 0;
/** One configuration for every parse, reset by each: made once, not per call. */
const config: { -readonly [K in keyof v.Config<v.BaseIssue<unknown>>]: v.Config<v.BaseIssue<unknown>>[K] } = {
  // Stryker disable next-line StringLiteral: '' is as good as ' ': any language no app registers messages for works.
  lang: ' ',
  message: () => {
    if (++count > MAX_ISSUES) config.abortEarly = true;
    return undefined as never;
  },
};

/**
 * Checks `value` against `schema`: its output, or its issues as dotted paths (`root` for the value itself) and
 * messages that name the expected type and the kind of JSON value received, never the value (personal data).
 * Counts the issues as valibot raises them (a language of its own, so that no message an app registers with valibot
 * answers first and skips the count) and stops the parse at the 21st issue (valibot's `abortEarly`, read by every object and array loop), so the answer
 * says `more` and no answer costs more than 21 issues. Returns `[output]` or `[undefined, issues, more]`.
 *
 * The one place that reaches past valibot's public API (a schema's `~run` with a configuration of its own): valibot
 * has no "stop after N issues". package.json pins valibot to ~1.5.0, and test/unit/validation.test.ts fails first if
 * an update changes how the configuration reaches the loops.
 */
export function validate(schema: v.GenericSchema, value: unknown, root: string): [output: unknown, issues?: ValidationIssue[], more?: boolean] {
  count = 0;
  config.abortEarly = undefined;
  const result = schema['~run']({ value }, config);
  if (!result.issues) return [result.value];
  return [
    undefined,
    result.issues.slice(0, MAX_ISSUES).map((issue) => ({
      path: issue.path?.map((item) => item.key).join('.') || root,
      message: `expected ${issue.expected}, received ${kindOf(issue.input)}`,
    })),
    count > MAX_ISSUES,
  ];
}
