import { Readable } from 'node:stream';
import { LIMITS } from '@pastebox/contract/limits';
import { baseNameOf, namesFolder } from '@pastebox/contract/rules/virtual-path';
import {
  batchRemoveBody,
  batchResult,
  fsEntry,
  fsWriteResult,
  mkdirBody,
  pathQuery,
  renameBody,
  updateFileBody,
} from '@pastebox/contract/schemas/fs';
import { z } from 'zod';
import { BODY_LIMIT_EXTENSION, limitBody } from '@/lib/body-limit';
import { ok } from '@/lib/envelope';
import { AppError } from '@/lib/errors';
import { createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { guardFirst, scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import { mimetypeOfName } from '@/vfs/mimetypes';
import { VfsError, type Caller } from '@/vfs/types';
import { fsAccess } from '../access';
import { removeEach } from '../batch-remove';
import { callerFileSystem } from '../caller-fs';
import { presentEntry } from '../presenter';
import { fsRouteOf } from '../route';

const removedResult = z.object({ path: z.string() });
const renamedResult = z.object({ oldPath: z.string(), newPath: z.string() });

/**
 * The body of update may be larger than its content: JSON escapes a control character or
 * a lone surrogate in six bytes. Twice the limit plus room for the path covers real text;
 * the content itself is measured again after parsing.
 */
const UPDATE_BODY_MAX_BYTES = 2 * LIMITS.editableFileBytes + 64 * 1024;

/** mkdir, remove, batch-remove, rename and update of one family. */
function fsChangeFamily(family: ScopeFamily<Caller>) {
  const route = fsRouteOf(family);
  return createRouter()
    .openapi(
      route({
        method: 'post',
        path: '/mkdir',
        summary: 'Create a folder (its parents too)',
        description: '409 PATH_EXISTS when a file or folder has the name.',
        request: jsonBody(mkdirBody),
        responses: okResponse(fsEntry),
      }),
      async (c) => {
        const fs = callerFileSystem(c, family);
        const entry = await fs.mkdir(c.req.valid('json').path);
        const mount = await fs.mountAt(entry.path);
        return ok(c, presentEntry(entry, mount?.id ?? null));
      },
    )
    .openapi(
      route({
        method: 'delete',
        path: '/remove',
        summary: 'Delete a file, or a folder with everything in it',
        description: 'A mount point cannot be deleted here (400 PATH_OUTSIDE_MOUNT).',
        request: { query: pathQuery },
        responses: okResponse(removedResult),
      }),
      async (c) => {
        const fs = callerFileSystem(c, family);
        const path = fs.normalise(c.req.valid('query').path);
        await fs.remove(path);
        return ok(c, { path });
      },
    )
    .openapi(
      route({
        method: 'post',
        path: '/batch-remove',
        summary: 'Delete several files and folders; each path succeeds or fails on its own',
        request: jsonBody(batchRemoveBody),
        responses: okResponse(batchResult),
      }),
      async (c) => {
        const fs = callerFileSystem(c, family);
        return ok(c, await removeEach(fs, c.req.valid('json').paths));
      },
    )
    .openapi(
      route({
        method: 'post',
        path: '/rename',
        summary: 'Rename or move a file or folder within its mount',
        description:
          '409 PATH_EXISTS when the new path is taken, 409 PATH_CONFLICT across mounts (copy ' +
          'instead), 400 COPY_INTO_ITSELF for a folder moved into itself.',
        request: jsonBody(renameBody),
        responses: okResponse(renamedResult),
      }),
      async (c) => {
        const fs = callerFileSystem(c, family);
        const body = c.req.valid('json');
        const oldPath = fs.normalise(body.oldPath);
        const newPath = fs.normalise(body.newPath);
        await fs.rename(oldPath, newPath);
        return ok(c, { oldPath, newPath });
      },
    )
    .openapi(
      route({
        method: 'post',
        path: '/update',
        summary: 'Create or overwrite a text file (at most 10 MB)',
        description:
          '413 FILE_TOO_LARGE_TO_EDIT for content over 10 MB as UTF-8; 400 NOT_A_FILE for a ' +
          'folder path (one ending in /); 409 PATH_EXISTS where a folder has the name.',
        [BODY_LIMIT_EXTENSION]: UPDATE_BODY_MAX_BYTES,
        middleware: [
          guardFirst((c) => family.scopeOf(c)),
          limitBody(UPDATE_BODY_MAX_BYTES, 'FILE_TOO_LARGE_TO_EDIT'),
        ],
        request: jsonBody(updateFileBody),
        responses: okResponse(fsWriteResult),
      }),
      async (c) => {
        const fs = callerFileSystem(c, family);
        const { path, content } = c.req.valid('json');
        if (namesFolder(path)) {
          // A trailing slash names a folder (as in upload): update never makes a file of it.
          throw new VfsError(
            'NOT_A_FILE',
            fs.normalise(path),
            'update writes a file, not a folder',
          );
        }
        const bytes = Buffer.from(content, 'utf8');
        if (bytes.length > LIMITS.editableFileBytes) {
          throw new AppError('FILE_TOO_LARGE_TO_EDIT');
        }
        const entry = await fs.write(path, Readable.from([bytes]), {
          size: bytes.length,
          contentType: mimetypeOfName(baseNameOf(fs.normalise(path))),
        });
        return ok(c, { path: entry.path, size: entry.size, etag: entry.etag });
      },
    );
}

export const fsChangeRoutes = scopedRoutes(fsAccess, fsChangeFamily);
