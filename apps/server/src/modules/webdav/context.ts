import type { Readable } from 'node:stream';
import type { AppDeps } from '@/context';
import type { Caller, FileSystem } from '@/vfs/types';

/**
 * What every WebDAV method handler is given (DESIGN §8): the caller's FileSystem (the same
 * one the fs API uses, so permissions, basic_path and caches are the same by construction)
 * and the request, with the target already turned into a normal virtual path.
 */
export interface DavContext {
  deps: AppDeps;
  /** The Fetch request (headers; small XML bodies are read from it). */
  request: Request;
  /** The request body as a Node stream, for PUT (never buffered). */
  body: () => Readable;
  caller: Caller;
  /** Who holds locks and dead properties in the database: the admin's id or 'apikey:{id}'. */
  principalId: string;
  fs: FileSystem;
  /** Normal virtual path of the request URI below /dav ('/' for /dav/). */
  path: string;
  /** The absolute-path href of a virtual path, percent-encoded, folders ending in '/'. */
  href: (path: string, isDirectory: boolean) => string;
  /** A Destination header (absolute URI or absolute path) as a normal virtual path. */
  destinationPath: (header: string) => string;
}

export type DavHandler = (ctx: DavContext) => Promise<Response>;
