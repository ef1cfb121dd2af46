import type { ResourceAccess } from '@/lib/scoped-routes';
import type { Caller } from '@/vfs/types';

/**
 * Who reaches the file system through /admin/fs and /user/fs (SPEC §6): the admin
 * everywhere, a key with mount permission at or under its basic_path.
 */
export const fsAccess: ResourceAccess<Caller> = {
  resource: 'fs',
  permission: 'mount',
  everything: { kind: 'admin' },
  ownedBy: (key) => ({ kind: 'key', basicPath: key.basicPath }),
};
