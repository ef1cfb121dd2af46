import type { MountItem } from '@pastebox/contract/schemas/mount';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/api-client';
import {
  emptyMountValues,
  mountValuesOf,
  serverFieldErrors,
  toCreateMountBody,
  toUpdateMountBody,
  validateMount,
} from './mount-form';

const photos: MountItem = {
  id: 'm1',
  name: 'Photos',
  storage_type: 'S3',
  storage_config_id: 'c1',
  s3_config_id: 'c1',
  storage_config_name: 'Bucket',
  mount_path: '/photos',
  remark: null,
  is_active: true,
  sort_order: 0,
  cache_ttl: 300,
  created_by: 'admin',
  created_at: '2026-11-24T05:00:00.000Z',
  updated_at: '2026-11-24T05:00:00.000Z',
};

const filled = { ...emptyMountValues('c1'), name: 'Docs', mountPath: '/team/文档' };

describe('mount form rules (SPEC §5)', () => {
  it('accepts a well-formed mount, Chinese path segments included', () => {
    expect(validateMount(filled, [photos])).toEqual({});
  });

  it('requires a name of at most 50 characters, a path and a storage config', () => {
    expect(validateMount(emptyMountValues())).toEqual({
      name: 'mounts.form.nameRequired',
      mountPath: 'mounts.form.pathRequired',
      storageConfigId: 'mounts.form.storageRequired',
    });
    expect(validateMount({ ...filled, name: 'x'.repeat(51) }).name).toBe('mounts.form.nameTooLong');
    expect(validateMount({ ...filled, name: 'x'.repeat(50) })).toEqual({});
  });

  it('refuses reserved and malformed paths with the server’s own keys', () => {
    const pathError = (mountPath: string) => validateMount({ ...filled, mountPath }).mountPath;
    expect(pathError('/api')).toBe('mounts.form.pathReserved');
    expect(pathError('/Dav/x')).toBe('mounts.form.pathReserved');
    expect(pathError('/mount-explorer')).toBe('mounts.form.pathReserved');
    // Issue 30: the web app's own routes are not mount paths' business.
    for (const free of ['/docs', '/files', '/upload', '/user', '/admin']) {
      expect(pathError(free), free).toBeUndefined();
    }
    expect(pathError('photos')).toBe('errors.MOUNT_PATH_INVALID');
    expect(pathError('/a b')).toBe('errors.MOUNT_PATH_INVALID');
    expect(pathError('/a/')).toBe('errors.MOUNT_PATH_INVALID');
    expect(pathError('/a/../b')).toBe('errors.MOUNT_PATH_INVALID');
  });

  it('refuses a path another mount uses, inside it or around it', () => {
    const pathError = (mountPath: string) =>
      validateMount({ ...filled, mountPath }, [photos]).mountPath;
    expect(pathError('/photos')).toBe('errors.MOUNT_PATH_TAKEN');
    expect(pathError('/photos/2024')).toBe('errors.MOUNT_PATH_NESTED');
    expect(validateMount({ ...filled, mountPath: '/photos' }, [])).toEqual({});
    expect(pathError('/photos2')).toBeUndefined();
  });

  it('bounds the cache TTL to whole seconds 0–86400 and the sort order to integers', () => {
    const ttl = (cacheTtl: number | string) => validateMount({ ...filled, cacheTtl }).cacheTtl;
    expect(ttl(0)).toBeUndefined();
    expect(ttl(86_400)).toBeUndefined();
    expect(ttl(86_401)).toBe('mounts.form.cacheTtlInvalid');
    expect(ttl(-1)).toBe('mounts.form.cacheTtlInvalid');
    expect(ttl(1.5)).toBe('mounts.form.cacheTtlInvalid');
    expect(ttl('')).toBe('mounts.form.cacheTtlInvalid');
    expect(validateMount({ ...filled, sortOrder: -3 })).toEqual({});
    expect(validateMount({ ...filled, sortOrder: 2.5 }).sortOrder).toBe(
      'mounts.form.sortOrderInvalid',
    );
  });
});

describe('mount form bodies', () => {
  it('sends trimmed values and a null remark when blank', () => {
    expect(toCreateMountBody({ ...filled, name: ' Docs ', mountPath: ' /docs ' })).toEqual({
      name: 'Docs',
      storage_config_id: 'c1',
      mount_path: '/docs',
      remark: null,
      is_active: true,
      sort_order: 0,
      cache_ttl: 300,
    });
  });

  it('sends only what changed on edit', () => {
    const values = mountValuesOf(photos);
    expect(toUpdateMountBody(values, photos)).toEqual({});
    expect(
      toUpdateMountBody({ ...values, isActive: false, cacheTtl: 0, remark: 'x' }, photos),
    ).toEqual({ is_active: false, cache_ttl: 0, remark: 'x' });
  });
});

describe('server refusals on the form', () => {
  it('puts mount-path refusals on the path field', () => {
    const error = new AppError(409, 'MOUNT_PATH_TAKEN', 'taken');
    expect(serverFieldErrors(error)).toEqual({ mountPath: 'errors.MOUNT_PATH_TAKEN' });
    expect(serverFieldErrors(new AppError(404, 'STORAGE_CONFIG_NOT_FOUND', 'gone'))).toEqual({
      storageConfigId: 'errors.STORAGE_CONFIG_NOT_FOUND',
    });
  });

  it('maps validation details by the API field name', () => {
    const error = new AppError(400, 'VALIDATION_FAILED', 'Invalid request', [
      { path: 'cache_ttl', message: 'too big' },
      { path: 's3_config_id', message: 'required' },
    ]);
    expect(serverFieldErrors(error)).toEqual({
      cacheTtl: 'mounts.form.serverRefused',
      storageConfigId: 'mounts.form.serverRefused',
    });
  });

  it('leaves other failures to a notification', () => {
    expect(serverFieldErrors(new AppError(500, 'INTERNAL', 'boom'))).toBeNull();
    expect(serverFieldErrors(new TypeError('network'))).toBeNull();
  });
});
