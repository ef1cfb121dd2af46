import { z } from 'zod';

/**
 * The admin's view of WebDAV locks (issue 29, DESIGN §5 "Storage trust"): every active
 * lock, and a way to release any — a key's lock must never lock the admin out.
 */

/** Who took a lock: the admin, or an API key (by id and its name, null once the key is gone). */
export const davLockPrincipal = z.object({
  kind: z.enum(['admin', 'key']),
  key_id: z.string().nullable().describe('The key’s id; null for the admin'),
  key_name: z.string().nullable().describe('The key’s name; null for the admin or a deleted key'),
});
export type DavLockPrincipal = z.infer<typeof davLockPrincipal>;

/** One active lock (RFC 4918 §6). */
export const davLockItem = z.object({
  token: z.string().describe('opaquelocktoken:…, the Lock-Token a client UNLOCKs with'),
  root: z.string().describe('The locked virtual path (under /dav)'),
  scope: z.enum(['exclusive', 'shared']),
  depth: z.enum(['0', 'infinity']).describe('infinity: everything below the root is locked too'),
  owner: davLockPrincipal,
  owner_xml: z
    .string()
    .nullable()
    .describe('What the client wrote in the lock’s DAV:owner element, as XML; often a URL'),
  created_at: z.string(),
  expires_at: z.string(),
});
export type DavLockItem = z.infer<typeof davLockItem>;

export const davLockList = z.array(davLockItem);

/** DELETE /api/admin/dav/locks/{token}. */
export const davLockTokenParam = z.object({ token: z.string().min(1).max(200) });

/** DELETE /api/admin/dav/locks?path=: every lock rooted at the path or below it. */
export const davLockReleaseQuery = z.object({
  path: z.string().min(1).max(4096).describe('A virtual path; its locks and those below it go'),
});

export const davLockReleaseResult = z.object({
  released: z.number().int().min(0).describe('How many locks were released'),
});
export type DavLockReleaseResult = z.infer<typeof davLockReleaseResult>;
