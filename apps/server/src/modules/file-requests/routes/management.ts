import { deletedCount, idParam } from '@pastebox/contract/schemas/common';
import {
  createFileRequestBody,
  fileRequest,
  fileRequestList,
  fileRequestListQuery,
  updateFileRequestBody,
} from '@pastebox/contract/schemas/file-request';
import type { OwnerScope } from '@/db/filters';
import { answering } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { createRouter } from '@/lib/openapi';
import { linkBaseOf } from '@/lib/link-base';
import { familyRouteOf, type ScopeFamily } from '@/lib/scoped-routes';
import {
  createFileRequest,
  deleteFileRequest,
  getFileRequest,
  listFileRequests,
  setFileRequestClosed,
  updateFileRequest,
} from '../management';

export const REQUESTS_TAG = 'File requests';

/** admin/requests (every request) or user/requests (the caller's own): create, read, change. */
export function requestManagementRoutes(family: ScopeFamily<OwnerScope>) {
  const route = familyRouteOf(family, REQUESTS_TAG);
  return createRouter()
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '',
          summary: {
            admin: 'List every file request, newest first (limit, offset, search)',
            key: "List the caller's file requests, newest first (limit, offset, search)",
          },
          query: fileRequestListQuery,
          answer: fileRequestList,
        }),
        (c) =>
          listFileRequests(c.get('deps'), family.scopeOf(c), c.req.valid('query'), linkBaseOf(c)),
      ),
    )
    .openapi(
      route({
        method: 'post',
        path: '',
        summary: 'Create a file request (a link through which others send you files or a text)',
        description:
          'A files request needs a target: a storage config (files land as private file ' +
          'shares of the caller) or a mount folder the caller may write. 0 limits = unlimited.',
        body: createFileRequestBody,
        answer: fileRequest,
        status: 201,
        answerDescription: 'Created',
      }),
      async (c) => {
        family.scopeOf(c);
        const deps = c.get('deps');
        const body = c.req.valid('json');
        const created = await createFileRequest(deps, c.get('principal'), body, linkBaseOf(c));
        return ok(c, created, 201, 'Created');
      },
    )
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '/{id}',
          summary: 'One file request, with its webhook secret and counts',
          params: idParam,
          answer: fileRequest,
        }),
        (c) =>
          getFileRequest(c.get('deps'), family.scopeOf(c), c.req.valid('param').id, linkBaseOf(c)),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'put',
          path: '/{id}',
          summary: 'Change a file request (absent fields stay)',
          params: idParam,
          body: updateFileRequestBody,
          answer: fileRequest,
        }),
        (c) =>
          updateFileRequest(
            c.get('deps'),
            family.scopeOf(c),
            c.get('principal'),
            c.req.valid('param').id,
            c.req.valid('json'),
            linkBaseOf(c),
          ),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'post',
          path: '/{id}/close',
          summary: 'Close a file request: it accepts nothing more',
          params: idParam,
          answer: fileRequest,
        }),
        (c) =>
          setFileRequestClosed(
            c.get('deps'),
            family.scopeOf(c),
            c.req.valid('param').id,
            true,
            linkBaseOf(c),
          ),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'post',
          path: '/{id}/reopen',
          summary: 'Reopen a closed file request',
          params: idParam,
          answer: fileRequest,
        }),
        (c) =>
          setFileRequestClosed(
            c.get('deps'),
            family.scopeOf(c),
            c.req.valid('param').id,
            false,
            linkBaseOf(c),
          ),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'delete',
          path: '/{id}',
          summary: 'Delete a file request (the files it received stay yours)',
          params: idParam,
          answer: deletedCount,
        }),
        async (c) => ({
          deleted: await deleteFileRequest(
            c.get('deps'),
            family.scopeOf(c),
            c.req.valid('param').id,
          ),
        }),
      ),
    );
}
