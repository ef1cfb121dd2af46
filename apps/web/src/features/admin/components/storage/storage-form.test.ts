import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { describe, expect, it } from 'vitest';
import {
  bytesToCapacity,
  capacityToBytes,
  storageValuesOf,
  toUpdateBody,
  validateStorage,
} from './storage-form';

const stored: StorageConfigItem = {
  id: 'c1',
  name: 'Bucket',
  provider_type: 'minio',
  storage_type: 's3',
  endpoint_url: 'http://127.0.0.1:9000',
  region: 'us-east-1',
  bucket_name: 'shares',
  path_style: true,
  access_key_id: 'AKIA****WXYZ',
  has_access_key: true,
  secret_access_key: '********',
  has_secret: true,
  default_folder: 'pastebox',
  custom_host: null,
  signature_expires_in: 900,
  total_storage_bytes: 10 * 1024 ** 3,
  used_bytes: 0,
  file_count: 0,
  mount_count: 0,
  root_path: null,
  is_default: true,
  created_at: '2026-11-21T05:00:00.000Z',
  updated_at: '2026-11-21T05:00:00.000Z',
};

describe('storage form values', () => {
  it('converts capacities both ways', () => {
    expect(capacityToBytes('', 'GB')).toBeNull();
    expect(capacityToBytes(512, 'MB')).toBe(512 * 1024 ** 2);
    expect(bytesToCapacity(10 * 1024 ** 3)).toEqual({ value: 10, unit: 'GB' });
    expect(bytesToCapacity(3 * 1024 ** 4)).toEqual({ value: 3, unit: 'TB' });
    expect(bytesToCapacity(null)).toEqual({ value: '', unit: 'GB' });
  });

  it('keeps the stored keys when editing with blank key fields', () => {
    const values = storageValuesOf(stored);
    expect(validateStorage(values, stored)).toEqual({});
    const body = toUpdateBody(values);
    expect(body).not.toHaveProperty('access_key_id');
    expect(body).not.toHaveProperty('secret_access_key');
    expect(body).not.toHaveProperty('is_default');
    expect(body.total_storage_bytes).toBe(10 * 1024 ** 3);
  });

  it('refuses a lifetime outside the SigV4 bounds and a bad URL', () => {
    const values = { ...storageValuesOf(stored), signatureExpiresIn: 30, customHost: 'cdn' };
    expect(validateStorage(values, stored)).toEqual({
      signatureExpiresIn: 'storage.form.lifetimeInvalid',
      customHost: 'storage.form.urlInvalid',
    });
  });
});
