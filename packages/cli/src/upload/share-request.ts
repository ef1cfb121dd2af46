import type { ShareOptions } from '@pastebox/contract/schemas/upload';

/** The share options a file upload is created with (the contract's, as the CLI fills them). */
export type FileShareRequest = Pick<
  ShareOptions,
  'slug' | 'remark' | 'password' | 'expires_in' | 'max_views' | 'private'
>;
