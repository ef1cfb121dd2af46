import type { z } from 'zod';
import { presignBody, shareOptions, type ShareOptions } from '@pastebox/contract/schemas/upload';
import { AppError } from '@/lib/errors';
import { assertCleanText } from '@/lib/input-rules';
import type { EncryptionRequest } from './sealed-upload';

/** The text fields of POST /api/upload, as busboy hands them over. */
export type FormFields = Record<string, string>;

/** Fields that decide where the bytes go: they must arrive before the file part. */
export const PLACEMENT_FIELDS = ['s3_config_id', 'path'] as const;

/**
 * Fields the file part is stored by, refused after it: where the bytes go, and whether
 * they must be a sealed blob (checked as they stream, issue 35).
 */
export const FIELDS_BEFORE_FILE = [...PLACEMENT_FIELDS, 'encrypted', 'encrypted_meta'] as const;

/** The encryption fields, checked by the same schema as the JSON calls. */
const encryptionFields = presignBody.pick({ encrypted: true, encrypted_meta: true });

const NUMERIC_FIELDS = new Set(['expires_in', 'max_views']);
const BOOLEAN_FIELDS = new Set(['private']);

/** An optional yes/no from a form field: true/1 or false/0; empty means absent. */
function booleanField(fields: FormFields, name: string): boolean {
  const raw = fields[name]?.trim().toLowerCase();
  if (raw === 'true' || raw === '1') {
    return true;
  }
  if (raw === 'false' || raw === '0') {
    return false;
  }
  throw new AppError('VALIDATION_FAILED', `${name} must be true or false`, [
    { path: name, message: 'must be true or false' },
  ]);
}

/** A form field as the share options schema expects it. */
function fieldValue(fields: FormFields, name: string): string | number | boolean | undefined {
  if (NUMERIC_FIELDS.has(name)) {
    return numberField(fields, name);
  }
  return BOOLEAN_FIELDS.has(name) ? booleanField(fields, name) : fields[name];
}

/** An optional whole number from a form field; empty means absent. */
export function numberField(fields: FormFields, name: string): number | undefined {
  const raw = fields[name]?.trim();
  if (!raw) {
    return undefined;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new AppError('VALIDATION_FAILED', `${name} must be a whole number`, [
      { path: name, message: 'must be a whole number, not negative' },
    ]);
  }
  return value;
}

/** The share options among the form fields, checked by the same schema as the JSON calls. */
export function shareOptionsFrom(fields: FormFields): ShareOptions {
  assertCleanText(fields);
  const candidate: Record<string, string | number | boolean | undefined> = {};
  for (const name of Object.keys(shareOptions.shape)) {
    const raw = fields[name];
    if (raw === undefined || raw === '') {
      continue;
    }
    candidate[name] = fieldValue(fields, name);
  }
  return parsedFields(shareOptions, candidate);
}

/** The flag and the sealed metadata among the form fields; empty means absent. */
export function encryptionFrom(fields: FormFields): EncryptionRequest {
  return parsedFields(encryptionFields, {
    encrypted: fields.encrypted ? booleanField(fields, 'encrypted') : undefined,
    encrypted_meta: fields.encrypted_meta || undefined,
  });
}

/** `candidate` checked by `schema`; its issues as a 400 with their paths. */
function parsedFields<T extends z.ZodType>(schema: T, candidate: unknown): z.output<T> {
  const parsed = schema.safeParse(candidate);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_FAILED', undefined, details);
  }
  return parsed.data;
}
