import type { Context } from 'hono';
import { creatorOf, type AppDeps, type AppEnv } from '@/context';
import type { OwnerScope } from '@/db/filters';
import type { ScopeFamily } from '@/lib/scoped-routes';
import { uploadScope } from '@/modules/uploads/service';
import type { Caller, FileSystem } from '@/vfs/types';
import { callerFileSystem } from '../caller-fs';

/** Who uploads into a mount: the file system they see and whose sessions they may touch. */
export interface FsUploadCaller {
  deps: AppDeps;
  fs: FileSystem;
  /** created_by of the sessions this caller starts (SPEC §3: an id or 'apikey:{id}'). */
  createdBy: string;
  /** The sessions the caller may continue or abort: the admin any, a key its own. */
  scope: OwnerScope;
}

/** The upload caller of a request; the family's guard runs first (401/403). */
export function uploadCallerOf(c: Context<AppEnv>, family: ScopeFamily<Caller>): FsUploadCaller {
  const fs = callerFileSystem(c, family);
  const principal = c.get('principal');
  if (principal.type === 'none') {
    throw new Error('The family guard lets no anonymous caller through');
  }
  return {
    deps: c.get('deps'),
    fs,
    createdBy: creatorOf(principal),
    scope: uploadScope(principal),
  };
}
