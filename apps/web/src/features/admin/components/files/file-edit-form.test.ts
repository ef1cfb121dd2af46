import type { FileShare } from '@pastebox/contract/schemas/file';
import { describe, expect, it } from 'vitest';
import { initialFileEditValues, toFileUpdateBody, validateFileEdit } from './file-edit-form';
import { applyFileFilters, fileKindOf } from './file-kind';

const file: FileShare = {
  id: 'f1',
  file_id: 'f1',
  slug: 'holiday',
  filename: 'beach.jpg',
  mimetype: 'image/jpeg',
  size: 2048,
  etag: null,
  remark: 'summer',
  s3_config_id: 'c1',
  provider_type: 'local',
  path: '',
  storage_path: 'a/beach.jpg',
  status: 'ready',
  private: false,
  has_password: true,
  expires_at: null,
  max_views: 0,
  views: 3,
  expired: false,
  created_by: 'admin',
  created_at: '2026-11-21T05:00:00.000Z',
  updated_at: '2026-11-21T05:00:00.000Z',
};

describe('file edit form', () => {
  it('sends nothing when nothing changed', () => {
    expect(toFileUpdateBody(file, initialFileEditValues(file))).toEqual({});
  });

  it('sends only the changed fields, expiry in hours and a cleared password', () => {
    const values = {
      ...initialFileEditValues(file),
      slug: ' beach-2026 ',
      remark: '',
      passwordChoice: 'clear' as const,
      expiry: '168' as const,
      maxViews: 5,
    };
    expect(toFileUpdateBody(file, values)).toEqual({
      slug: 'beach-2026',
      remark: null,
      clear_password: true,
      expires_in: 168,
      max_views: 5,
    });
  });

  it('reports a bad slug, a missing new password and negative views', () => {
    const values = {
      ...initialFileEditValues(file),
      slug: 'no spaces',
      passwordChoice: 'set' as const,
      maxViews: -1,
    };
    expect(validateFileEdit(values)).toEqual({
      slug: 'errors.SLUG_INVALID',
      password: 'files.edit.passwordRequired',
      maxViews: 'files.edit.maxViewsInvalid',
    });
  });
});

describe('file filters', () => {
  it('groups files by type, trusting the name for generic types', () => {
    expect(fileKindOf('a.pdf', 'application/pdf')).toBe('pdf');
    expect(fileKindOf('notes.md', 'application/octet-stream')).toBe('text');
    expect(fileKindOf('code.ts', 'video/mp2t')).toBe('text');
    expect(fileKindOf('backup.tar.gz', 'application/gzip')).toBe('archive');
    expect(fileKindOf('blob.bin', 'application/octet-stream')).toBe('other');
  });

  it('filters the loaded rows by type and status', () => {
    const expiredPdf = {
      ...file,
      id: 'f2',
      filename: 'a.pdf',
      mimetype: 'application/pdf',
      expired: true,
    };
    const pending = { ...file, id: 'f3', status: 'pending' as const };
    const rows = [file, expiredPdf, pending];
    expect(applyFileFilters(rows, { kind: 'image', status: 'all' }).map((row) => row.id)).toEqual([
      'f1',
      'f3',
    ]);
    expect(applyFileFilters(rows, { kind: 'all', status: 'expired' }).map((row) => row.id)).toEqual(
      ['f2'],
    );
    expect(applyFileFilters(rows, { kind: 'all', status: 'active' }).map((row) => row.id)).toEqual([
      'f1',
    ]);
    expect(applyFileFilters(rows, { kind: 'all', status: 'pending' }).map((row) => row.id)).toEqual(
      ['f3'],
    );
  });
});
