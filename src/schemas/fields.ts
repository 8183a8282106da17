import * as v from 'valibot';

// Field builders shared by the resource schemas. The service's documentation does not say which fields are
// always present, so every field accepts absent and null; a present field of the wrong type is an issue.

export const text = () => v.nullish(v.string());

export const amount = () => v.nullish(v.number());

export const integer = () => v.nullish(v.pipe(v.number(), v.integer()));

/** A string typed as its known values plus any other string, so a new value never breaks a lookup. */
export const known = <T extends string>() => v.nullish(v.string() as v.GenericSchema<T | (string & {})>);

// ISO 8601 date or date-time, as the service documents; other strings are not guessed at.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

function toDate(value: number | string): Date | null {
  const time = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : parseIso(value);
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Rewrites the accepted ISO 8601 forms into the one form every engine's Date.parse reads alike.
function parseIso(value: string): number {
  const match = ISO_DATE.exec(value);
  if (!match) return Number.NaN;
  let iso = value.toUpperCase().replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1');
  const offset = match[1];
  // A date-time without an offset is UTC here (the documentation says UTC); JavaScript would read local time.
  if (offset === undefined) iso += value.length > 10 ? 'Z' : '';
  else if (offset.length === 5) iso = `${iso.slice(0, -2)}:${iso.slice(-2)}`;
  return Date.parse(iso);
}

/**
 * A point in time, read from epoch milliseconds or an ISO 8601 string, as a `Date`. A value in a form that cannot
 * be read becomes `null` instead of failing the whole lookup.
 */
export const date = () => v.nullish(v.pipe(v.union([v.number(), v.string()]), v.transform(toDate)));
