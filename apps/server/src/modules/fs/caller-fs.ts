import type { Context } from 'hono';
import { creatorOf, type AppEnv } from '@/context';
import type { ScopeFamily } from '@/lib/scoped-routes';
import { lockingFor } from '@/modules/dav-locks/service';
import { mountSource } from '@/modules/mounts/service';
import { fileSystemFor } from '@/vfs/file-system';
import type { Caller, FileSystem } from '@/vfs/types';

/**
 * The file system of the request's caller, in one of the fs API's families: the admin's
 * everywhere, a key's at or under its basic_path (scopeOf answers 401/403 first). Its writes
 * obey WebDAV locks: the fs API submits no lock token, so only the lock's own principal
 * writes through a lock.
 */
export function callerFileSystem(c: Context<AppEnv>, family: ScopeFamily<Caller>): FileSystem {
  const deps = c.get('deps');
  // The app's clock, so a listing's cache_ttl runs on the same time as everything else.
  const caller = family.scopeOf(c);
  return fileSystemFor(mountSource(deps), caller, {
    now: () => deps.clock.now(),
    ...lockingFor(deps, creatorOf(c.get('principal')), null),
  });
}
