import {
  checkMountPath,
  mountPathsOverlap,
  normaliseMountPath,
  reservedMountPathsText,
} from '@pastebox/contract/rules/mount-path';
import type { MountStorageType } from '@pastebox/contract/schemas/mount';
import { ERRORS } from '@pastebox/contract/errors';
import { AppError } from '@/lib/errors';

/** SPEC §5's mount rules that need no database, each refusal naming its field. */

/**
 * The path as stored: NFC (as request paths are), then checked: MOUNT_PATH_INVALID or
 * MOUNT_PATH_RESERVED otherwise. Clashes are then found between normal forms, so two
 * spellings of one path are one path (MOUNT_PATH_TAKEN).
 */
export function checkedMountPath(path: string): string {
  const normal = normaliseMountPath(path);
  const problem = checkMountPath(normal);
  if (problem === 'MOUNT_PATH_RESERVED') {
    // Names what is reserved, so the admin sees which first segments to avoid.
    const reserved = reservedMountPathsText();
    throw new AppError(problem, `${ERRORS[problem].message}: ${reserved}`, [
      { path: 'mount_path', message: `must not start with ${reserved}` },
    ]);
  }
  if (problem) {
    throw new AppError(problem, undefined, [{ path: 'mount_path', message: problem }]);
  }
  return normal;
}

/** The mount (other than `exceptId`) that `path` would equal or nest inside or around. */
export function clashingMount<M extends { id: string; mount_path: string }>(
  mounts: M[],
  path: string,
  exceptId?: string,
): M | undefined {
  return mounts.find((mount) => mount.id !== exceptId && mountPathsOverlap(mount.mount_path, path));
}

/** A clash is TAKEN when the paths are equal, NESTED when one lies inside the other. */
export function refuseClash(existingPath: string, path: string): never {
  const key = existingPath === path ? 'MOUNT_PATH_TAKEN' : 'MOUNT_PATH_NESTED';
  throw new AppError(key, `${ERRORS[key].message} (${existingPath})`, [
    { path: 'mount_path', message: `clashes with the mount at ${existingPath}` },
  ]);
}

/** The storage type SPEC shows for a config's driver kind. */
export function storageTypeOf(driverKind: 'local' | 's3'): MountStorageType {
  return driverKind === 'local' ? 'local' : 'S3';
}

/** A given storage_type must match the config's; absent, it is derived from the config. */
export function checkedStorageType(
  given: MountStorageType | undefined,
  actual: MountStorageType,
): MountStorageType {
  if (given !== undefined && given !== actual) {
    throw new AppError('VALIDATION_FAILED', `The storage config is ${actual}, not ${given}`, [
      { path: 'storage_type', message: `must be ${actual} for this storage config` },
    ]);
  }
  return actual;
}

/** storage_config_id, or the seed's s3_config_id; both given must agree. */
export function configIdOf(body: {
  storage_config_id?: string | undefined;
  s3_config_id?: string | undefined;
}): string | undefined {
  const { storage_config_id: id, s3_config_id: seedId } = body;
  if (id !== undefined && seedId !== undefined && id !== seedId) {
    throw new AppError('VALIDATION_FAILED', 'storage_config_id and s3_config_id differ', [
      { path: 's3_config_id', message: 'must equal storage_config_id when both are given' },
    ]);
  }
  return id ?? seedId;
}

/** The field the config id came in (the seed's name or ours), for refusals to name. */
export function configFieldOf(body: {
  storage_config_id?: string | undefined;
}): 'storage_config_id' | 's3_config_id' {
  return body.storage_config_id === undefined ? 's3_config_id' : 'storage_config_id';
}
