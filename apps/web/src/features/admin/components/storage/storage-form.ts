import {
  SIGNATURE_EXPIRY_BOUNDS,
  STORAGE_PROVIDERS,
  type CreateStorageConfigBody,
  type StorageConfigItem,
  type StorageProvider,
  type UpdateStorageConfigBody,
} from '@pastebox/contract/schemas/storage-config';

export { STORAGE_PROVIDERS };
export type CapacityUnit = 'MB' | 'GB' | 'TB';
export const CAPACITY_UNITS: readonly CapacityUnit[] = ['MB', 'GB', 'TB'];
const UNIT_BYTES: Record<CapacityUnit, number> = { MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

export interface StorageFormValues {
  name: string;
  provider: StorageProvider;
  endpoint: string;
  region: string;
  bucket: string;
  pathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  defaultFolder: string;
  customHost: string;
  signatureExpiresIn: number | string;
  /** Empty = unlimited. */
  capacity: number | string;
  capacityUnit: CapacityUnit;
  rootPath: string;
  isDefault: boolean;
}

/** Translation keys of the problems found before anything is sent. */
export type StorageFormErrors = Partial<Record<keyof StorageFormValues, string>>;

/** Which inputs a provider needs: `local` is a directory, every other one an S3 bucket. */
export function fieldsFor(provider: StorageProvider) {
  const s3 = provider !== 'local';
  return {
    endpoint: s3,
    endpointRequired: s3 && provider !== 'aws',
    region: s3,
    bucket: s3,
    pathStyle: s3,
    keys: s3,
    customHost: s3,
    rootPath: !s3,
  };
}

/** Self-hosted servers rarely have wildcard DNS for virtual-hosted buckets (as the server). */
export function defaultPathStyle(provider: StorageProvider): boolean {
  return provider === 'minio' || provider === 'other';
}

/** Capacity in the form's unit → bytes (whole bytes); empty → null (unlimited). */
export function capacityToBytes(value: number | string, unit: CapacityUnit): number | null {
  if (value === '' || value === null) {
    return null;
  }
  return Math.round(Number(value) * UNIT_BYTES[unit]);
}

/** Bytes → the largest unit that shows it as at least 1, two decimals at most. */
export function bytesToCapacity(bytes: number | null): {
  value: number | string;
  unit: CapacityUnit;
} {
  if (bytes === null) {
    return { value: '', unit: 'GB' };
  }
  const unit =
    [...CAPACITY_UNITS].reverse().find((candidate) => bytes >= UNIT_BYTES[candidate]) ?? 'MB';
  return { value: Math.round((bytes / UNIT_BYTES[unit]) * 100) / 100, unit };
}

/** A blank form for a new config (a MinIO-style bucket is the common case after local). */
export function emptyStorageValues(provider: StorageProvider = 'aws'): StorageFormValues {
  return {
    name: '',
    provider,
    endpoint: '',
    region: '',
    bucket: '',
    pathStyle: defaultPathStyle(provider),
    accessKeyId: '',
    secretAccessKey: '',
    defaultFolder: '',
    customHost: '',
    signatureExpiresIn: SIGNATURE_EXPIRY_BOUNDS.default,
    capacity: '',
    capacityUnit: 'GB',
    rootPath: '',
    isDefault: false,
  };
}

/** The form for an existing config; the keys stay blank (blank = keep the stored ones). */
export function storageValuesOf(config: StorageConfigItem): StorageFormValues {
  const capacity = bytesToCapacity(config.total_storage_bytes);
  return {
    name: config.name,
    provider: config.provider_type,
    endpoint: config.endpoint_url ?? '',
    region: config.region ?? '',
    bucket: config.bucket_name ?? '',
    pathStyle: config.path_style,
    accessKeyId: '',
    secretAccessKey: '',
    defaultFolder: config.default_folder,
    customHost: config.custom_host ?? '',
    signatureExpiresIn: config.signature_expires_in,
    capacity: capacity.value,
    capacityUnit: capacity.unit,
    rootPath: config.root_path ?? '',
    isDefault: config.is_default,
  };
}

const HTTP_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i;

/**
 * The rules the server applies, checked first so the admin sees them by the field. On edit
 * (`existing` given) blank keys keep the stored ones, so they are required only when none
 * is stored.
 */
export function validateStorage(
  values: StorageFormValues,
  existing?: StorageConfigItem,
): StorageFormErrors {
  const errors: StorageFormErrors = {};
  const fields = fieldsFor(values.provider);
  if (values.name.trim() === '') {
    errors.name = 'storage.form.nameRequired';
  }
  const endpoint = values.endpoint.trim();
  if (fields.endpointRequired && endpoint === '') {
    errors.endpoint = 'storage.form.endpointRequired';
  } else if (fields.endpoint && endpoint !== '' && !HTTP_URL.test(endpoint)) {
    errors.endpoint = 'storage.form.urlInvalid';
  }
  if (fields.bucket && values.bucket.trim() === '') {
    errors.bucket = 'storage.form.bucketRequired';
  }
  if (fields.keys && values.accessKeyId.trim() === '' && !existing?.has_access_key) {
    errors.accessKeyId = 'storage.form.accessKeyRequired';
  }
  if (fields.keys && values.secretAccessKey === '' && !existing?.has_secret) {
    errors.secretAccessKey = 'storage.form.secretRequired';
  }
  const host = values.customHost.trim();
  if (fields.customHost && host !== '' && !HTTP_URL.test(host)) {
    errors.customHost = 'storage.form.urlInvalid';
  }
  const lifetime = Number(values.signatureExpiresIn);
  if (
    values.signatureExpiresIn === '' ||
    !Number.isInteger(lifetime) ||
    lifetime < SIGNATURE_EXPIRY_BOUNDS.min ||
    lifetime > SIGNATURE_EXPIRY_BOUNDS.max
  ) {
    errors.signatureExpiresIn = 'storage.form.lifetimeInvalid';
  }
  const capacity = capacityToBytes(values.capacity, values.capacityUnit);
  if (capacity !== null && !(capacity > 0)) {
    errors.capacity = 'storage.form.capacityInvalid';
  }
  return errors;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The POST body; fields a provider does not use are left out. */
export function toCreateBody(values: StorageFormValues): CreateStorageConfigBody {
  const fields = fieldsFor(values.provider);
  const body: CreateStorageConfigBody = {
    name: values.name.trim(),
    provider_type: values.provider,
    default_folder: orNull(values.defaultFolder),
    signature_expires_in: Number(values.signatureExpiresIn),
    total_storage_bytes: capacityToBytes(values.capacity, values.capacityUnit),
    is_default: values.isDefault,
  };
  if (fields.rootPath) {
    body.root_path = orNull(values.rootPath);
  } else {
    body.endpoint_url = orNull(values.endpoint);
    body.region = orNull(values.region);
    body.bucket_name = orNull(values.bucket);
    body.path_style = values.pathStyle;
    body.access_key_id = values.accessKeyId.trim();
    body.secret_access_key = values.secretAccessKey;
    body.custom_host = orNull(values.customHost);
  }
  return body;
}

/** The PUT body: like create, but blank keys are left out (kept) and the default is not sent. */
export function toUpdateBody(values: StorageFormValues): UpdateStorageConfigBody {
  const body: UpdateStorageConfigBody = { ...toCreateBody(values) };
  delete body.is_default;
  if (!body.access_key_id) {
    delete body.access_key_id;
  }
  if (!body.secret_access_key) {
    delete body.secret_access_key;
  }
  return body;
}
