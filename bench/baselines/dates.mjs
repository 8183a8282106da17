// The date rule of src/schemas/fields.ts, written again for the zod baselines: epoch milliseconds or an
// ISO 8601 string become a Date, anything unreadable becomes null.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export function toDate(value) {
  let time;
  if (typeof value === 'number') time = value;
  else if (/^\d+$/.test(value)) time = Number(value);
  else {
    const match = ISO_DATE.exec(value);
    if (!match) return null;
    let iso = value.toUpperCase().replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1');
    if (match[1] === undefined) iso += value.length > 10 ? 'Z' : '';
    else if (match[1].length === 5) iso = `${iso.slice(0, -2)}:${iso.slice(-2)}`;
    time = Date.parse(iso);
  }
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? null : date;
}
