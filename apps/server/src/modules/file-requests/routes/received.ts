import { idParam } from '@pastebox/contract/schemas/common';
import { deletedCount } from '@pastebox/contract/schemas/common';
import {
  requestDownloadLink,
  requestTextAnswer,
  requestUpload,
  requestUploadList,
  requestUploadListQuery,
  requestUploadParams,
} from '@pastebox/contract/schemas/file-request';
import type { OwnerScope } from '@/db/filters';
import { answering } from '@/lib/declare-route';
import { createRouter } from '@/lib/openapi';
import { linkBaseOf } from '@/lib/link-base';
import { familyRouteOf, type ScopeFamily } from '@/lib/scoped-routes';
import {
  deleteRequestUpload,
  listRequestUploads,
  readRequestText,
  requestUploadLink,
  shareRequestUpload,
} from '../received';
import { REQUESTS_TAG } from './management';

/** What a request received, for its owner: list, share it, download, read, delete. */
export function requestReceivedRoutes(family: ScopeFamily<OwnerScope>) {
  const route = familyRouteOf(family, REQUESTS_TAG);
  return createRouter()
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '/{id}/uploads',
          summary: 'What a file request received: who, when, what, where it landed',
          params: idParam,
          query: requestUploadListQuery,
          answer: requestUploadList,
        }),
        (c) =>
          listRequestUploads(
            c.get('deps'),
            family.scopeOf(c),
            c.req.valid('param').id,
            c.req.valid('query'),
            linkBaseOf(c),
          ),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'post',
          path: '/{id}/uploads/{upload_id}/share',
          summary: 'Share it: a received file becomes a public file share (a mount file: a copy)',
          params: requestUploadParams,
          answer: requestUpload,
        }),
        (c) => {
          const { id, upload_id: uploadId } = c.req.valid('param');
          return shareRequestUpload(c.get('deps'), family.scopeOf(c), id, uploadId, linkBaseOf(c));
        },
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '/{id}/uploads/{upload_id}/download',
          summary: "The owner's download link of a received file",
          params: requestUploadParams,
          answer: requestDownloadLink,
        }),
        (c) => {
          const { id, upload_id: uploadId } = c.req.valid('param');
          return requestUploadLink(c.get('deps'), family.scopeOf(c), id, uploadId, linkBaseOf(c));
        },
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '/{id}/uploads/{upload_id}/text',
          summary: 'A received text answer',
          params: requestUploadParams,
          answer: requestTextAnswer,
        }),
        (c) => {
          const { id, upload_id: uploadId } = c.req.valid('param');
          return readRequestText(c.get('deps'), family.scopeOf(c), id, uploadId);
        },
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'delete',
          path: '/{id}/uploads/{upload_id}',
          summary: 'Delete a received file or text (its object too)',
          params: requestUploadParams,
          answer: deletedCount,
        }),
        async (c) => {
          const { id, upload_id: uploadId } = c.req.valid('param');
          return {
            deleted: await deleteRequestUpload(c.get('deps'), family.scopeOf(c), id, uploadId),
          };
        },
      ),
    );
}
