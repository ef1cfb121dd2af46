import {
  allowedType,
  type CreateFileRequestBody,
  type FileRequest,
  type FileRequestKind,
  FILE_REQUEST_LIMITS,
  type UpdateFileRequestBody,
} from '@pastebox/contract/schemas/file-request';
import { checkSlug } from '@pastebox/contract/rules/slug';
import type { PasswordChoice } from '@/features/admin/components/shared/ShareEditFields';
import { bytesOf, sizeValueOf, type SizeValue } from './size-units';

/** 'keep' (editing) or hours from now (0 = never), as the share forms offer them. */
export type RequestExpiryChoice = 'keep' | '0' | '1' | '24' | '168' | '720';
export const REQUEST_EXPIRY_HOURS = ['24', '168', '720', '1', '0'] as const;

export interface RequestFormValues {
  title: string;
  message: string;
  slug: string;
  passwordChoice: PasswordChoice;
  password: string;
  expiry: RequestExpiryChoice;
  maxViews: number | string;
  kind: FileRequestKind;
  maxFiles: number | string;
  maxFileSize: SizeValue;
  maxTotalSize: SizeValue;
  allowedTypes: string[];
  requireName: boolean;
  requireEmail: boolean;
  targetType: 'storage' | 'mount';
  /** '' = the default storage (a caller who may not list storage configs). */
  storageConfigId: string;
  mountPath: string;
  webhookUrl: string;
  regenerateSecret: boolean;
}

export type RequestFormErrors = Partial<Record<keyof RequestFormValues, string>>;

/** A new request: a week, files, nothing else limited. */
export function emptyRequestValues(): RequestFormValues {
  return {
    title: '',
    message: '',
    slug: '',
    passwordChoice: 'set',
    password: '',
    expiry: '168',
    maxViews: 0,
    kind: 'files',
    maxFiles: 0,
    maxFileSize: { amount: '', unit: 'MB' },
    maxTotalSize: { amount: '', unit: 'GB' },
    allowedTypes: [],
    requireName: false,
    requireEmail: false,
    targetType: 'storage',
    storageConfigId: '',
    mountPath: '',
    webhookUrl: '',
    regenerateSecret: false,
  };
}

/** The form over an existing request: password and expiry are kept unless changed. */
export function requestValuesOf(request: FileRequest): RequestFormValues {
  return {
    ...emptyRequestValues(),
    title: request.title,
    message: request.message ?? '',
    slug: request.slug,
    passwordChoice: 'keep',
    expiry: 'keep',
    maxViews: request.max_views,
    kind: request.kind,
    maxFiles: request.max_files,
    maxFileSize: sizeValueOf(request.max_file_bytes, 'MB'),
    maxTotalSize: sizeValueOf(request.max_total_bytes, 'GB'),
    allowedTypes: request.allowed_types,
    requireName: request.require_name,
    requireEmail: request.require_email,
    targetType: request.target?.type ?? 'storage',
    storageConfigId: request.target?.type === 'storage' ? (request.target.s3_config_id ?? '') : '',
    mountPath: request.target?.type === 'mount' ? request.target.path : '',
    webhookUrl: request.webhook_url ?? '',
  };
}

/** A chip typed in the types field, normalised as the server will store it, or null. */
export function parseAllowedType(text: string): string | null {
  const parsed = allowedType.safeParse(
    text.startsWith('.') || text.includes('/') ? text : `.${text}`,
  );
  return parsed.success ? parsed.data : null;
}

function isWholeNumber(value: number | string): boolean {
  const number = Number(value);
  return value !== '' && Number.isInteger(number) && number >= 0;
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What the form reports before anything is sent (translation keys): a title, a valid slug,
 * a password when setting one, whole numbers, sizes, a target for a files request, an
 * http(s) webhook.
 */
export function validateRequest(values: RequestFormValues, creating: boolean): RequestFormErrors {
  const errors: RequestFormErrors = {};
  const p = 'fileRequests.form.errors';
  if (values.title.trim() === '') {
    errors.title = `${p}.titleRequired`;
  }
  const slug = values.slug.trim();
  const slugProblem = slug === '' && creating ? null : checkSlug(slug);
  if (slugProblem) {
    errors.slug = `errors.${slugProblem}`;
  }
  if (values.passwordChoice === 'set' && values.password === '' && !creating) {
    errors.password = `${p}.passwordRequired`;
  }
  if (!isWholeNumber(values.maxViews)) {
    errors.maxViews = `${p}.wholeNumber`;
  }
  if (values.kind === 'text') {
    return errors;
  }
  if (!isWholeNumber(values.maxFiles)) {
    errors.maxFiles = `${p}.wholeNumber`;
  }
  for (const key of ['maxFileSize', 'maxTotalSize'] as const) {
    if (Number.isNaN(bytesOf(values[key]))) {
      errors[key] = `${p}.size`;
    }
  }
  if (values.allowedTypes.length > FILE_REQUEST_LIMITS.allowedTypesMax) {
    errors.allowedTypes = `${p}.tooManyTypes`;
  }
  if (values.targetType === 'mount' && values.mountPath.trim() === '') {
    errors.mountPath = `${p}.folderRequired`;
  }
  if (values.webhookUrl.trim() !== '' && !isWebUrl(values.webhookUrl.trim())) {
    errors.webhookUrl = `${p}.webhookUrl`;
  }
  return errors;
}

/** The target as the API takes it; a storage target without a config means the default one. */
function targetOf(values: RequestFormValues): CreateFileRequestBody['target'] {
  if (values.targetType === 'mount') {
    return { type: 'mount', path: values.mountPath.trim() };
  }
  // No config (members and keys cannot list them): the server takes the default one.
  return { type: 'storage', s3_config_id: values.storageConfigId || null };
}

/** The limits of a files request (a text request sends none). */
function limitsOf(values: RequestFormValues) {
  if (values.kind === 'text') {
    return {};
  }
  return {
    max_files: Number(values.maxFiles),
    max_file_bytes: bytesOf(values.maxFileSize),
    max_total_bytes: bytesOf(values.maxTotalSize),
    allowed_types: values.allowedTypes,
    target: targetOf(values),
  };
}

/** POST body of a new request. */
export function toCreateRequestBody(values: RequestFormValues): CreateFileRequestBody {
  return {
    title: values.title.trim(),
    message: values.message.trim() === '' ? null : values.message,
    slug: values.slug.trim() || null,
    password: values.password || null,
    expires_in: values.expiry === 'keep' ? null : Number(values.expiry),
    max_views: Number(values.maxViews),
    kind: values.kind,
    require_name: values.requireName,
    require_email: values.requireEmail,
    webhook_url: values.webhookUrl.trim() || null,
    ...limitsOf(values),
  };
}

/** PUT body: everything the form shows, minus what is kept (password, expiry, secret). */
export function toUpdateRequestBody(values: RequestFormValues): UpdateFileRequestBody {
  const { password, expires_in, kind: _kind, ...rest } = toCreateRequestBody(values);
  void password;
  void _kind;
  return {
    ...rest,
    ...(values.passwordChoice === 'set' ? { password: values.password } : {}),
    ...(values.passwordChoice === 'clear' ? { clear_password: true } : {}),
    ...(values.expiry === 'keep' ? {} : { expires_in }),
    ...(values.regenerateSecret ? { regenerate_webhook_secret: true } : {}),
  };
}
