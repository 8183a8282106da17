import * as v from 'valibot';

const is = <T>(check: (value: unknown) => boolean, expects: string) => Object.assign(v.custom<T>(check), { expects }) as v.CustomSchema<T, undefined>;

/** A field's schema: the value, `null` or absent. */
export type Field<T> = v.NullishSchema<v.CustomSchema<T, undefined>, undefined>;

export const text = (): Field<string> => v.nullish(is<string>((value) => typeof value === 'string', 'string'));
export const amount = (): Field<number> => v.nullish(is<number>(Number.isFinite, 'finite number'));
export const integer = (): Field<number> => v.nullish(is<number>(Number.isInteger, 'integer'));
export const known = <T extends string>() => text() as v.NullishSchema<v.GenericSchema<T | (string & {})>, undefined>;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

function toDate(value: unknown): Date | null {
  // Stryker disable next-line StringLiteral: the fallback only meets the digit and ISO patterns, which any text
  // without digits fails as '' does (the directive also skips the killed "" mutant of 'string'; ConditionalExpression
  // and EqualityOperator mutants still cover the typeof test).
  const text = typeof value === 'string' ? value : '';
  const date = new Date(
    typeof value === 'number' || /^\d+$/.test(text)
      ? Number(value)
      : ISO.test(text) && new Date(text.slice(0, 10)).getUTCDate() === +text.slice(8, 10)
        ? text
        : NaN,
  );
  // Stryker disable next-line UnaryOperator: -date is NaN exactly when +date is, so isNaN decides the same
  return Number.isNaN(+date) ? null : date;
}
export const date = (): v.NullishSchema<v.GenericSchema<unknown, Date | null>, undefined> =>
  v.nullish({ kind: 'schema', '~run': (dataset: v.UnknownDataset) => ({ typed: true, value: toDate(dataset.value) }) } as unknown as v.GenericSchema<
    unknown,
    Date | null
  >);

/**
 * A JSON object with these fields, unknown ones kept: valibot's `looseObject`, which also accepts arrays (as
 * `{ '0': … }`), made to refuse them with an issue that reads `expected Object, received array`.
 */
export function object<const T extends v.ObjectEntries>(entries: T): v.LooseObjectSchema<T, undefined> {
  const schema = v.looseObject(entries);
  const run = schema['~run'];
  // Replaced in place (its type calls it read-only), so the schema's other parts, `~standard` among them, use it too.
  (schema as { '~run': typeof run })['~run'] = function (this: typeof schema, dataset, config) {
    if (!Array.isArray(dataset.value)) return run.call(this, dataset, config);
    v._addIssue(this, 'type', dataset, config);
    // _addIssue has put the issue on the dataset, which stays untyped: a failure.
    return dataset as unknown as v.FailureDataset<v.LooseObjectIssue>;
  };
  return schema;
}
