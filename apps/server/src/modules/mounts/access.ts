import type { ResourceAccess } from '@/lib/scoped-routes';
import type { MountScope } from './service';

/**
 * Who reads mounts (SPEC §6): the admin all of them; a key with mount permission those at
 * or under its basic_path and those above it on the way down. Only the admin writes.
 */
export function mountAccess(resource: 'mounts' | 'cache'): ResourceAccess<MountScope> {
  return {
    resource,
    permission: 'mount',
    everything: { kind: 'all' },
    ownedBy: (key) => ({ kind: 'key', basicPath: key.basicPath }),
  };
}
