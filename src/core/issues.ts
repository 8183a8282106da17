import type * as v from 'valibot';
import type { ValidationIssue } from '../errors.js';

/** What kind of JSON value something is, for messages that must never quote the value itself. */
export function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * Turns valibot issues into dotted paths and messages that name expected types, never the values (personal data).
 * Issues about the whole value get `root` as their path.
 */
export function toIssues(issues: readonly v.BaseIssue<unknown>[], root: string): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path?.map((item) => item.key).join('.') || root,
    message: `expected ${issue.type === 'custom' ? issue.message : issue.expected}, received ${kindOf(issue.input)}`,
  }));
}
