/** Throws a `TypeError` (or `Class`, a subclass of it) that names the option and states its rule, unless `ok`. */
export function check(ok: unknown, name: string, rule: string, Class: new (message: string) => TypeError = TypeError): void {
  if (!ok) throw new Class(`"${name}" must be ${rule}`);
}
