import type { JsonSchema } from './openapi-operations';

/**
 * Values for the fuzz test: a plausible value for any schema of the OpenAPI document, and
 * the bad values an attacker (or a sloppy client) sends in place of each field.
 */

const FUTURE_INSTANT = '2099-01-01T00:00:00.000Z';

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) {
    return schema.type;
  }
  return schema.type ? [schema.type] : [];
}

/** The first alternative of anyOf/oneOf that is not null. */
function unwrap(schema: JsonSchema): JsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (!alternatives) {
    return schema;
  }
  const chosen = alternatives.find((alt) => !typesOf(alt).includes('null')) ?? alternatives[0];
  return chosen ? unwrap(chosen) : schema;
}

/** A plausible value of `schema`, every optional property included. */
export function sampleOf(raw: JsonSchema): unknown {
  const schema = unwrap(raw);
  if (schema.enum && schema.enum.length > 0) {
    return schema.enum[0];
  }
  const type = typesOf(schema).find((t) => t !== 'null') ?? 'string';
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, prop]) => [name, sampleOf(prop)]),
      );
    case 'array':
      return schema.items ? [sampleOf(schema.items)] : [];
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time') {
        return FUTURE_INSTANT;
      }
      if (schema.format === 'uri' || schema.format === 'url') {
        return 'https://example.com/a.txt';
      }
      return 'sample';
    default:
      return 'sample';
  }
}

export interface BadValue {
  label: string;
  value: unknown;
  /** Not clean text (NUL, a lone surrogate): the answer must be a 400 naming the field. */
  unclean?: boolean;
}

const ANY: BadValue[] = [
  { label: 'object', value: { nested: 'x' } },
  { label: 'array', value: ['x'] },
  { label: 'boolean', value: true },
  { label: 'null', value: null },
];

const STRINGS: BadValue[] = [
  { label: 'NUL', value: 'a\u0000b', unclean: true },
  { label: 'only NUL', value: '\u0000', unclean: true },
  { label: '100k chars', value: 'x'.repeat(100_000) },
  { label: 'lone surrogate', value: 'a\uD800b', unclean: true },
  { label: 'empty', value: '' },
  { label: 'absurd date', value: '+275760-09-13T00:00:00.000Z' },
  { label: 'year zero', value: '0000-01-01T00:00:00.000Z' },
  { label: 'impossible date', value: '2026-13-45T99:99:99Z' },
  { label: 'number', value: 42 },
];

const NUMBERS: BadValue[] = [
  { label: '-1', value: -1 },
  { label: '2^31', value: 2 ** 31 },
  { label: '2^32', value: 2 ** 32 },
  { label: 'past 2^53', value: 2 ** 53 + 2 },
  { label: '1e308', value: 1e308 },
  { label: 'fraction', value: 1.5 },
  { label: 'numeric string', value: '1024' },
  { label: 'huge numeric string', value: '99999999999999999999999' },
  { label: 'word', value: 'abc' },
  { label: 'NUL string', value: '1\u00002', unclean: true },
];

/** The bad values to try in place of a field of `schema`. */
export function badValuesFor(raw: JsonSchema): BadValue[] {
  const schema = unwrap(raw);
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) {
    return [...NUMBERS, ...ANY];
  }
  if (types.includes('array')) {
    const inner = schema.items ? badValuesFor(schema.items) : [];
    return [
      ...inner.map((bad) => ({ ...bad, label: `[${bad.label}]`, value: [bad.value] })),
      ...ANY,
    ];
  }
  return [...STRINGS, ...ANY];
}
