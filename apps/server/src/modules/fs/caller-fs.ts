import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import type { ScopeFamily } from '@/lib/scoped-routes';
import { mountSource } from '@/modules/mounts/service';
import { fileSystemFor } from '@/vfs/file-system';
import type { Caller, FileSystem } from '@/vfs/types';

/**
 * The file system of the request's caller, in one of the fs API's families: the admin's
 * everywhere, a key's at or under its basic_path (scopeOf answers 401/403 first).
 */
export function callerFileSystem(c: Context<AppEnv>, family: ScopeFamily<Caller>): FileSystem {
  const deps = c.get('deps');
  // The app's clock, so a listing's cache_ttl runs on the same time as everything else.
  return fileSystemFor(mountSource(deps), family.scopeOf(c), { now: () => deps.clock.now() });
}
