import type { FileRequest } from '@pastebox/contract/schemas/file-request';

const MIB = 1024 * 1024;

/** A saved files request, as the owner API answers it (tests build on it). */
export const savedRequest: FileRequest = {
  id: 'r1',
  slug: 'photos',
  url: 'http://localhost/r/photos',
  title: 'Wedding photos',
  message: 'Send **everything**',
  kind: 'files',
  has_password: true,
  expires_at: '2026-12-04T10:00:00.000Z',
  max_views: 0,
  views: 3,
  max_files: 10,
  max_file_bytes: 50 * MIB,
  max_total_bytes: 2 * 1024 * MIB,
  allowed_types: ['image/*', '.pdf'],
  require_name: true,
  require_email: false,
  target: { type: 'storage', s3_config_id: 'c1' },
  webhook_url: 'https://example.com/hook',
  webhook_secret: 'whsec',
  files_received: 2,
  bytes_received: 3 * MIB,
  closed_at: null,
  state: 'open',
  created_by: 'admin',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};
