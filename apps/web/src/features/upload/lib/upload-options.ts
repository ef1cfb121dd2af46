import type { UploadOptions } from '@/lib/uploader/types';

/** SPEC §9 expiry choices for a file share, with the hours `expires_in` takes (0 = never). */
export const FILE_EXPIRY_CHOICES = [
  { id: '1h', hours: 1 },
  { id: '1d', hours: 24 },
  { id: '7d', hours: 168 },
  { id: '30d', hours: 720 },
  { id: 'never', hours: 0 },
] as const;

export const DEFAULT_UPLOAD_OPTIONS: UploadOptions = {
  slug: '',
  remark: '',
  password: '',
  expiresIn: 168,
  maxViews: 0,
  storageConfigId: null,
};
