import * as v from 'valibot';

// The pieces every record's schema is made of, on valibot's public API only (`pipe`, `rawCheck`, `transform`,
// `looseObject`). Each is a constant with its type written out, so a record's entries (`{ orderId: TEXT, … }`) have a
// type JSR reads without inference, and the record's types are inferred from them. A check's issue names what it
// expected (`expected finite number, received string`): scripts/openapi.mjs gives each check its JSON Schema.

/** A field's schema: the value, `null` or absent; `In` as the service sends it, `Out` as the SDK returns it. */
export type Field<In, Out = In> = v.NullishSchema<v.GenericSchema<In, Out>, undefined>;

/** A field with known values, offered as literals, that accepts any other string. */
export type Known<T extends string> = Field<T | (string & {})>;

/** What the service sends for a record with these entries: fields beyond them are kept, so it has an index signature. */
export type RecordInput<E extends v.ObjectEntries> = v.InferInput<v.LooseObjectSchema<E, undefined>>;

/**
 * A record's schema: valibot's `looseObject` of these entries (unknown fields kept), so `v.pick`, `v.omit` and
 * `.entries` work on it. Its output lists the entries only, so a misspelt field does not compile. An array, which
 * `looseObject` reads as `{ '0': … }`, is refused before it wherever the SDK validates one (`noArray`).
 */
export interface RecordSchema<E extends v.ObjectEntries>
  extends Omit<v.LooseObjectSchema<E, undefined>, '~standard' | '~run' | '~types'>,
    Pick<v.GenericSchema<RecordInput<E>, v.InferOutput<v.ObjectSchema<E, undefined>>>, '~standard' | '~run' | '~types'> {}

/** A nested record's field: the record, `null` or absent. */
export type RecordField<E extends v.ObjectEntries> = v.NullishSchema<RecordSchema<E>, undefined>;

/** A list's field: the list of `Item`s, `null` or absent. */
export type ListField<Item extends v.GenericSchema> = v.NullishSchema<v.ArraySchema<Item, undefined>, undefined>;

/** A check of a value's type, whose issue names what it expected (`expected finite number, received string`). */
/* @__NO_SIDE_EFFECTS__ */
function is<T>(check: (value: unknown) => boolean, expected: string): v.GenericSchema<T> {
  return v.pipe(
    v.unknown(),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!check(dataset.value)) addIssue({ label: 'type', expected });
    }),
  ) as unknown as v.GenericSchema<T>;
}

/** The check a record makes before `looseObject`, which would read an array as `{ '0': … }`: `expected Object, received array`. */
export const NOT_AN_ARRAY: v.RawCheckAction<unknown> = /* @__PURE__ */ v.rawCheck(({ dataset, addIssue }) => {
  if (Array.isArray(dataset.value)) addIssue({ label: 'type', expected: 'Object' });
});

// valibot's own string schema: its issue reads `expected string`, and it runs no pipe.
export const TEXT: Field<string> = /* @__PURE__ */ v.nullish(v.string());
export const AMOUNT: Field<number> = /* @__PURE__ */ v.nullish(is<number>(Number.isFinite, 'finite number'));
/** An integer that must be there (the envelope's `code`). */
export const REQUIRED_INTEGER: v.GenericSchema<number> = /* @__PURE__ */ is<number>(Number.isInteger, 'integer');
export const INTEGER: Field<number> = v.nullish(REQUIRED_INTEGER);

/** A nested record's field: the record with these entries, `null` or absent, an array refused. */
/* @__NO_SIDE_EFFECTS__ */
export function record<const E extends v.ObjectEntries>(entries: E): RecordField<E> {
  return v.nullish(noArray(object(entries)));
}

/** A list's field: the list of `item`s, `null` or absent. */
/* @__NO_SIDE_EFFECTS__ */
export function list<Item extends v.GenericSchema>(item: Item): ListField<Item> {
  return v.nullish(v.array(item));
}

/** A JSON object of any fields (free-form key/value data), kept as it is. */
export const FREE_OBJECT: Field<{ [key: string]: unknown }> = /* @__PURE__ */ record({});

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

/**
 * A date, sent as `In`: either form is read (epoch milliseconds as a number or a string of digits, or an ISO 8601
 * date-time with `Z` or an offset); any other value becomes `null` instead of failing the lookup.
 */
const date = /* @__NO_SIDE_EFFECTS__ */ <In>(): Field<In, Date | null> =>
  v.nullish(v.pipe(v.unknown(), v.transform(toDate)) as unknown as v.GenericSchema<In, Date | null>);
/** A date the service sends as epoch milliseconds. */
export const EPOCH_DATE: Field<number, Date | null> = /* @__PURE__ */ date<number>();
/** A date the service sends as an ISO 8601 date-time. */
export const ISO_DATE: Field<string, Date | null> = /* @__PURE__ */ date<string>();

/** A JSON object with these entries, unknown ones kept: valibot's `looseObject`. */
/* @__NO_SIDE_EFFECTS__ */
export function object<const E extends v.ObjectEntries>(entries: E): RecordSchema<E> {
  return v.looseObject(entries) as unknown as RecordSchema<E>;
}

/** `schema` with an array refused before it (`expected Object, received array`): how the SDK validates a record. */
/* @__NO_SIDE_EFFECTS__ */
export function noArray<S extends v.GenericSchema>(schema: S): S {
  return v.pipe(v.unknown(), NOT_AN_ARRAY, schema) as unknown as S;
}
