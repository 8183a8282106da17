import * as v from 'valibot';

// Field builders shared by the resource schemas. The service's documentation does not say which fields are
// always present, so every field accepts absent and null; a present field of the wrong type is an issue.

export const text = () => v.nullish(v.string());

export const amount = () => v.nullish(v.number());

// A custom check rather than pipe(number(), integer()): the same answer in fewer bytes of every user's bundle.
export const integer = () => v.nullish(v.custom<number>(Number.isInteger, 'integer'));

/** A string typed as its known values plus any other string, so a new value never breaks a lookup. */
export const known = <T extends string>() => v.nullish(v.string() as v.GenericSchema<T | (string & {})>);

// ISO 8601 date-time with "Z" or an offset, as the service documents (UTC); other strings are not guessed at,
// since each engine's Date.parse guesses differently.
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

function toDate(value: unknown): Date | null {
  const text = typeof value === 'string' ? value : '';
  const date = new Date(typeof value === 'number' || /^\d+$/.test(text) ? Number(value) : ISO.test(text) ? text : Number.NaN);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A point in time, read from epoch milliseconds or an ISO 8601 string, as a `Date`. Anything else, in a form or of a
 * type that cannot be read, becomes `null` instead of failing the whole lookup.
 */
export const date = () => v.nullish(v.pipe(v.unknown(), v.transform(toDate)));
