import { randomBytes } from 'node:crypto';
import { normaliseBasicPath } from '@pastebox/contract/rules/api-key';
import { isPathAllowed } from '@pastebox/contract/rules/path-permission';
import type { AppDeps, Principal } from '../../context';
import { AppError } from '../../lib/errors';
import { InvalidKeyError, normaliseKey } from '../../storage/keys';
import { resolveStorage, type StorageHandle } from '../../storage/registry';

/** Where an upload goes: a storage config, a folder (the SPEC's `path`) and an object key. */
export interface UploadTarget extends StorageHandle {
  /** Normalised folder, e.g. `/docs/team`. */
  path: string;
  /** Object key: the folder, then the file name with a random suffix against collisions. */
  key: string;
  filename: string;
}

export interface TargetRequest {
  s3_config_id?: string | null | undefined;
  path?: string | null | undefined;
  filename: string;
}

const MAX_NAME_BYTES = 200;

/**
 * A stored name: NFC, no control characters or separators, no leading dots (the local
 * driver keeps dot-names for itself), at most 200 bytes with the extension kept.
 */
export function safeFilename(filename: string): string {
  const cleaned = filename
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  const name = cleaned === '' ? 'file' : cleaned;
  if (Buffer.byteLength(name, 'utf8') <= MAX_NAME_BYTES) {
    return name;
  }
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  let stem = name.slice(0, name.length - ext.length);
  while (Buffer.byteLength(stem + ext, 'utf8') > MAX_NAME_BYTES) {
    stem = Array.from(stem).slice(0, -1).join('');
  }
  return stem + ext;
}

/** `report.pdf` → `report_k3x9q2.pdf`, so two uploads of one name never overwrite. */
function uniqueName(filename: string): string {
  const suffix = randomBytes(4).toString('hex');
  const dot = filename.lastIndexOf('.');
  return dot > 0
    ? `${filename.slice(0, dot)}_${suffix}${filename.slice(dot)}`
    : `${filename}_${suffix}`;
}

/**
 * The folder an upload may use (SPEC §5 path permission): admins any, a key only its
 * basic_path or below, which is also a key's default. Refused with PATH_FORBIDDEN.
 */
export function uploadFolder(principal: Principal, requested: string | null | undefined): string {
  const fallback = principal.type === 'apikey' ? principal.basicPath : '/';
  const raw = requested?.trim() ? requested.trim() : fallback;
  const path = normaliseBasicPath(raw.startsWith('/') ? raw : `/${raw}`);
  if (path === null) {
    throw new AppError('VALIDATION_FAILED', 'The path is not valid', [
      { path: 'path', message: 'must be a folder path without .. segments' },
    ]);
  }
  if (principal.type === 'apikey' && !isPathAllowed(principal.basicPath, path)) {
    throw new AppError('PATH_FORBIDDEN');
  }
  return path;
}

/** Resolves config, folder and key for a new upload; the storage config must exist. */
export async function resolveUploadTarget(
  deps: AppDeps,
  principal: Principal,
  request: TargetRequest,
): Promise<UploadTarget> {
  const path = uploadFolder(principal, request.path);
  const handle = await resolveStorage(deps, request.s3_config_id);
  const filename = safeFilename(request.filename);
  const folder = path === '/' ? '' : `${path.slice(1)}/`;
  try {
    const key = normaliseKey(`${folder}${uniqueName(filename)}`);
    return { ...handle, path, key, filename };
  } catch (error) {
    if (error instanceof InvalidKeyError) {
      throw new AppError('VALIDATION_FAILED', 'The path or file name cannot be stored');
    }
    throw error;
  }
}

/** Informational URL of an object (SPEC §3 s3_url): custom host, endpoint or key. */
export function objectUrlOf(target: StorageHandle, key: string): string {
  const { config } = target;
  const encodedKey = key.split('/').map(encodeURIComponent).join('/');
  const folder = (config.default_folder ?? '').replace(/^\/+|\/+$/g, '');
  const fullKey = folder
    ? `${folder.split('/').map(encodeURIComponent).join('/')}/${encodedKey}`
    : encodedKey;
  if (config.provider_type === 'local') {
    return key;
  }
  if (config.custom_host) {
    return `${config.custom_host.replace(/\/+$/, '')}/${fullKey}`;
  }
  const endpoint = (
    config.endpoint_url ?? `https://s3.${config.region ?? 'us-east-1'}.amazonaws.com`
  ).replace(/\/+$/, '');
  return `${endpoint}/${config.bucket_name ?? ''}/${fullKey}`;
}
