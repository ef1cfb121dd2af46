import path from 'node:path';
import type { StorageProvider } from '@pastebox/contract/schemas/storage-config';
import { AppError } from '@/lib/errors';
import { folderPrefix, InvalidKeyError } from '@/storage/keys';
import { judgeLocalRoot, localRootForbidden, type LocalRootPolicy } from '@/storage/local-root';

/** What a config will hold once a create or an update is applied. */
export interface ConfigDraft {
  provider_type: StorageProvider;
  endpoint_url: string | null;
  bucket_name: string | null;
  has_access_key: boolean;
  has_secret: boolean;
  root_path: string | null;
}

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, [{ path: field, message }]);
}

/** R2 signs with region "auto"; every other provider accepts us-east-1 unless told. */
export function defaultRegion(provider: StorageProvider): string | null {
  if (provider === 'local') {
    return null;
  }
  return provider === 'r2' ? 'auto' : 'us-east-1';
}

/** Self-hosted servers rarely have wildcard DNS for virtual-hosted buckets. */
export function defaultPathStyle(provider: StorageProvider): boolean {
  return provider === 'minio' || provider === 'other';
}

/** The fields an S3 provider cannot work without. */
export function checkDraft(draft: ConfigDraft): void {
  if (draft.provider_type === 'local') {
    return;
  }
  if (draft.provider_type !== 'aws' && !draft.endpoint_url) {
    throw invalid('endpoint_url', 'required for this provider');
  }
  if (!draft.bucket_name) {
    throw invalid('bucket_name', 'required for S3 storage');
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/.test(draft.bucket_name)) {
    throw invalid('bucket_name', 'letters, digits, dots, hyphens and underscores (3–255)');
  }
  if (!draft.has_access_key) {
    throw invalid('access_key_id', 'required for S3 storage');
  }
  if (!draft.has_secret) {
    throw invalid('secret_access_key', 'required for S3 storage');
  }
}

/** A default folder as stored: '' or 'a/b' (checked like an object key). */
export function canonicalFolder(folder: string | null | undefined): string {
  try {
    return folderPrefix(folder).replace(/\/$/, '');
  } catch (error) {
    if (error instanceof InvalidKeyError) {
      throw invalid('default_folder', 'may not contain "..", a backslash or control characters');
    }
    throw error;
  }
}

/**
 * A local config's directory as stored (DESIGN §5). A relative path is resolved under
 * DATA_DIR and stays relative (so the data directory can move); the folder must be inside
 * DATA_DIR or a LOCAL_ROOTS folder, symlinks resolved (LOCAL_ROOT_FORBIDDEN), and may not
 * be DATA_DIR itself or one of its ancestors, which would expose the database and the
 * secret key as objects.
 */
export function canonicalRootPath(input: string, policy: LocalRootPolicy): string {
  const value = input.trim().replace(/\\/g, '/');
  const dataDir = path.resolve(policy.dataDir);
  const resolved = path.resolve(dataDir, value);
  const verdict = judgeLocalRoot(resolved, policy);
  if (verdict === 'outside') {
    throw localRootForbidden();
  }
  if (verdict === 'holds-data-dir') {
    throw invalid('root_path', 'must be a folder of its own, not the data directory or above it');
  }
  if (path.isAbsolute(value)) {
    return resolved;
  }
  const relative = path.relative(dataDir, resolved);
  // Resolved into a LOCAL_ROOTS folder outside DATA_DIR: kept absolute.
  return relative === '..' || relative.startsWith(`..${path.sep}`) ? resolved : relative;
}
