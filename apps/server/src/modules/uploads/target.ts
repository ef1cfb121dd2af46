import { randomBytes } from 'node:crypto';
import { normaliseBasicPath } from '@pastebox/contract/rules/api-key';
import {
  cleanFileName,
  hasUnsafeCharacters,
  NAME_MAX_BYTES,
  utf8ByteLength,
} from '@pastebox/contract/rules/file-name';
import { isPathAllowed } from '@pastebox/contract/rules/path-permission';
import type { AppDeps, Principal } from '@/context';
import { AppError } from '@/lib/errors';
import { isConfined } from '@/lib/guards';
import { InvalidKeyError, keyForFileName, SHARE_OBJECTS_FOLDER } from '@/storage/keys';
import { resolveStorage, type StorageHandle } from '@/modules/storage-configs/service';

/** Where an upload goes: a storage config, a folder (the SPEC's `path`) and an object key. */
export interface UploadTarget extends StorageHandle {
  /** Normalised folder, e.g. `/docs/team`. */
  path: string;
  /** Object key: SHARE_OBJECTS_FOLDER, the folder, then the file name with a random suffix. */
  key: string;
  filename: string;
}

export interface TargetRequest {
  s3_config_id?: string | null | undefined;
  path?: string | null | undefined;
  filename: string;
}

/**
 * Folder names are names users see too (DESIGN §5), but a folder is an address a key's
 * basic_path is checked against: one with hidden characters is refused, not rewritten.
 */
function hasCleanFolderNames(path: string): boolean {
  return path
    .split('/')
    .every((name) => !hasUnsafeCharacters(name) && utf8ByteLength(name) <= NAME_MAX_BYTES);
}

/**
 * The folder an upload may use (SPEC §5 path permission): admins any, a key or member only
 * its basic_path or below, which is also its default. Refused with PATH_FORBIDDEN.
 */
export function uploadFolder(principal: Principal, requested: string | null | undefined): string {
  const fallback = isConfined(principal) ? principal.basicPath : '/';
  const raw = requested?.trim() ? requested.trim() : fallback;
  const path = normaliseBasicPath(raw.startsWith('/') ? raw : `/${raw}`);
  if (path === null || !hasCleanFolderNames(path)) {
    throw new AppError('VALIDATION_FAILED', 'The path is not valid', [
      {
        path: 'path',
        message:
          'must be a folder path without .. segments, control or bidi characters, each folder name at most 255 bytes',
      },
    ]);
  }
  if (isConfined(principal) && !isPathAllowed(principal.basicPath, path)) {
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
  const filename = cleanFileName(request.filename);
  // Below the folder no mount reaches (SHARE_OBJECTS_FOLDER), whatever is mounted.
  const folder = path === '/' ? `${SHARE_OBJECTS_FOLDER}/` : `${SHARE_OBJECTS_FOLDER}${path}/`;
  try {
    // A random suffix, so two uploads of one name never overwrite each other.
    const key = keyForFileName(folder, filename, `_${randomBytes(4).toString('hex')}`);
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
