import { z } from 'zod';

/**
 * The one rule for every number a client sends (DESIGN §5): it fits the column that stores
 * it, on SQLite and PostgreSQL alike, and a string that clearly is a number ("1024", as
 * form posts and many clients send) is read as one. Every numeric field of a request is
 * built here; z.number() appears directly only in answers.
 */

/** The largest value of a 4-byte integer column (PostgreSQL `integer`). */
export const INT32_MAX = 2_147_483_647;

/** Decimal digits, an optional sign and fraction, nothing else: not "", not "1e3", not "0x10". */
const NUMERIC_STRING = /^\s*-?\d{1,20}(\.\d{1,20})?\s*$/;

/** `schema`, also fed a numeric string as the number it spells. */
function acceptingNumericStrings<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && NUMERIC_STRING.test(value) ? Number(value) : value),
    schema,
  );
}

/** A count stored in an integer column: views, hours, seconds, part numbers. */
export function count(bounds: { min?: number; max?: number } = {}) {
  const max = Math.min(bounds.max ?? INT32_MAX, INT32_MAX);
  return acceptingNumericStrings(
    z
      .number()
      .int()
      .min(bounds.min ?? 0)
      .max(max),
  );
}

/** A size in bytes, stored in a bigint column: whole, and exact in a JavaScript number. */
export function byteSize(bounds: { min?: number } = {}) {
  return acceptingNumericStrings(
    z
      .number()
      .int()
      .min(bounds.min ?? 0)
      .max(Number.MAX_SAFE_INTEGER),
  );
}

/** A positive amount that may have a fraction (1.5 GB), in a unit the field names. */
export function positiveAmount() {
  return acceptingNumericStrings(z.number().positive().max(Number.MAX_SAFE_INTEGER));
}
