import { LIMITS } from '@pastebox/contract/limits';
import { checkMountPath, mountPathsOverlap } from '@pastebox/contract/rules/mount-path';
import type { CreateMountBody, MountItem, UpdateMountBody } from '@pastebox/contract/schemas/mount';
import { AppError } from '@/lib/api-client';

export interface MountFormValues {
  name: string;
  storageConfigId: string;
  mountPath: string;
  remark: string;
  isActive: boolean;
  sortOrder: number | string;
  cacheTtl: number | string;
}

/** Translation keys of the problems found, per field. */
export type MountFormErrors = Partial<Record<keyof MountFormValues, string>>;

/** SPEC §9: the cache TTL field shows 300 as its example; sort order defaults to 0. */
export const CACHE_TTL_PLACEHOLDER = 300;

/** A new mount: active, on the default storage when there is one, listed first. */
export function emptyMountValues(defaultConfigId = ''): MountFormValues {
  return {
    name: '',
    storageConfigId: defaultConfigId,
    mountPath: '',
    remark: '',
    isActive: true,
    sortOrder: 0,
    cacheTtl: CACHE_TTL_PLACEHOLDER,
  };
}

/** The form for an existing mount. */
export function mountValuesOf(mount: MountItem): MountFormValues {
  return {
    name: mount.name,
    storageConfigId: mount.storage_config_id,
    mountPath: mount.mount_path,
    remark: mount.remark ?? '',
    isActive: mount.is_active,
    sortOrder: mount.sort_order,
    cacheTtl: mount.cache_ttl,
  };
}

const isWhole = (value: number | string) => value !== '' && Number.isInteger(Number(value));

/**
 * SPEC §5, checked before anything is sent: name 1–50 characters; mount path by the
 * contract's own rule (so client and server never disagree) and not overlapping another
 * mount; a storage config chosen; cache TTL a whole number 0–86400; sort order a whole
 * number. `others` are the mounts already there (the one being edited left out).
 */
export function validateMount(values: MountFormValues, others: MountItem[] = []): MountFormErrors {
  const errors: MountFormErrors = {};
  const name = values.name.trim();
  if (name === '') {
    errors.name = 'mounts.form.nameRequired';
  } else if (name.length > LIMITS.mountNameMaxLength) {
    errors.name = 'mounts.form.nameTooLong';
  }
  const path = values.mountPath.trim();
  const pathProblem = path === '' ? null : checkMountPath(path);
  if (path === '') {
    errors.mountPath = 'mounts.form.pathRequired';
  } else if (pathProblem) {
    errors.mountPath = pathProblemText(pathProblem);
  } else if (others.some((mount) => mount.mount_path === path)) {
    errors.mountPath = 'errors.MOUNT_PATH_TAKEN';
  } else if (others.some((mount) => mountPathsOverlap(mount.mount_path, path))) {
    errors.mountPath = 'errors.MOUNT_PATH_NESTED';
  }
  if (values.storageConfigId === '') {
    errors.storageConfigId = 'mounts.form.storageRequired';
  }
  const ttl = Number(values.cacheTtl);
  if (!isWhole(values.cacheTtl) || ttl < 0 || ttl > LIMITS.cacheTtlMaxSeconds) {
    errors.cacheTtl = 'mounts.form.cacheTtlInvalid';
  }
  if (!isWhole(values.sortOrder)) {
    errors.sortOrder = 'mounts.form.sortOrderInvalid';
  }
  return errors;
}

/** The POST body; the server derives storage_type from the config. */
export function toCreateMountBody(values: MountFormValues): CreateMountBody {
  return {
    name: values.name.trim(),
    storage_config_id: values.storageConfigId,
    mount_path: values.mountPath.trim(),
    remark: values.remark.trim() === '' ? null : values.remark.trim(),
    is_active: values.isActive,
    sort_order: Number(values.sortOrder),
    cache_ttl: Number(values.cacheTtl),
  };
}

/** The PUT body: only what differs from the mount as it is. */
export function toUpdateMountBody(values: MountFormValues, mount: MountItem): UpdateMountBody {
  const next = toCreateMountBody(values);
  const body: UpdateMountBody = {};
  if (next.name !== mount.name) {
    body.name = next.name;
  }
  if (next.storage_config_id !== mount.storage_config_id) {
    body.storage_config_id = next.storage_config_id;
  }
  if (next.mount_path !== mount.mount_path) {
    body.mount_path = next.mount_path;
  }
  if ((next.remark ?? null) !== mount.remark) {
    body.remark = next.remark;
  }
  if (next.is_active !== mount.is_active) {
    body.is_active = next.is_active;
  }
  if (next.sort_order !== mount.sort_order) {
    body.sort_order = next.sort_order;
  }
  if (next.cache_ttl !== mount.cache_ttl) {
    body.cache_ttl = next.cache_ttl;
  }
  return body;
}

/**
 * The words of a refusal: the catalogue's, except a reserved path, which names what is
 * reserved (the form passes the list as `paths`), so the admin knows what to avoid.
 */
function pathProblemText(key: string): string {
  return key === 'MOUNT_PATH_RESERVED' ? 'mounts.form.pathReserved' : `errors.${key}`;
}

/** The API's field names (and its aliases) → the form's. */
const FIELD_OF_BODY: Record<string, keyof MountFormValues> = {
  name: 'name',
  storage_config_id: 'storageConfigId',
  s3_config_id: 'storageConfigId',
  storage_type: 'storageConfigId',
  mount_path: 'mountPath',
  remark: 'remark',
  is_active: 'isActive',
  sort_order: 'sortOrder',
  cache_ttl: 'cacheTtl',
};

/** Error keys that are about one field whatever the details say. */
const FIELD_OF_KEY: Record<string, keyof MountFormValues> = {
  MOUNT_PATH_INVALID: 'mountPath',
  MOUNT_PATH_RESERVED: 'mountPath',
  MOUNT_PATH_TAKEN: 'mountPath',
  MOUNT_PATH_NESTED: 'mountPath',
  STORAGE_CONFIG_NOT_FOUND: 'storageConfigId',
};

/**
 * A server refusal placed on the field it is about (translation key per field), or null
 * when it is about no one field and belongs in a notification instead.
 */
export function serverFieldErrors(error: unknown): MountFormErrors | null {
  if (!(error instanceof AppError) || !error.key) {
    return null;
  }
  const byKey = FIELD_OF_KEY[error.key];
  if (byKey) {
    return { [byKey]: pathProblemText(error.key) };
  }
  if (error.key !== 'VALIDATION_FAILED' || !error.details?.length) {
    return null;
  }
  const errors: MountFormErrors = {};
  for (const detail of error.details) {
    const field = FIELD_OF_BODY[detail.path.split('.')[0] ?? ''];
    if (field) {
      errors[field] = 'mounts.form.serverRefused';
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
