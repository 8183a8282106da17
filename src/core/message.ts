/** A C0 control, DEL, a C1 control or a Unicode line separator: each can end or forge a log line. */
export const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The kind of a value, for messages that must not show it: `undefined`, `null`, `array`, `number`, `object`... */
export function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}
