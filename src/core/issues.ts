import type * as v from 'valibot';
import type { ValidationIssue } from '../errors.js';

/** What kind of JSON value something is, for messages that must never quote the value itself. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Turns valibot issues into paths and messages that name expected types, never the values (personal data). */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] {
  return issues.map((issue) => {
    const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    const expected = issue.kind === 'schema' ? issue.expected : issue.type.replaceAll('_', ' ');
    return { path, message: `expected ${expected ?? 'a valid value'}, received ${kindOf(issue.input)}` };
  });
}
