import { z } from 'zod';
import { slugParam } from '@pastebox/contract/schemas/common';
import {
  REQUEST_TOKEN_HEADER,
  requestMultipartInitBody,
  requestReceipt,
} from '@pastebox/contract/schemas/file-request';
import {
  abortResult,
  multipartAbortBody,
  multipartCompleteBody,
  multipartSession,
  partUrlBody,
  partUrlResult,
} from '@pastebox/contract/schemas/upload';
import { originOf } from '@/lib/audit/record';
import { answering, routeGroup, type RouteSpec } from '@/lib/declare-route';
import { linkBaseOf } from '@/lib/link-base';
import { createRouter } from '@/lib/openapi';
import {
  abortRequestMultipart,
  completeRequestMultipart,
  initRequestMultipart,
  requestPartUrls,
  requestStoredParts,
} from '../receive-multipart';
import { REQUESTS_TAG } from './management';
import { senderOfCall } from './public';

const route = routeGroup({ tags: [REQUESTS_TAG], security: [] });

/** One step of a stranger's multipart session: every step says how it is authorised. */
function step<const S extends Omit<RouteSpec, 'tags' | 'security' | 'description'>>(spec: S) {
  return route({
    ...spec,
    description: `Resumable uploads into the request's target (storage or mount folder); send the ${REQUEST_TOKEN_HEADER} header.`,
  });
}

const slugAndFile = z.object({
  slug: z.string().min(1).max(200),
  file_id: z.string().min(1).max(100),
});

const base = '/public/requests/{slug}/multipart';

/** A stranger's multipart session, the uploads module's own run as the request's owner. */
export const requestMultipartRoutes = createRouter()
  .openapi(
    ...answering(
      step({
        method: 'post',
        path: `${base}/init`,
        summary: 'Start a resumable upload to a file request (type and size checked, reserved)',
        params: slugParam,
        body: requestMultipartInitBody,
        answer: multipartSession,
      }),
      async (c) => initRequestMultipart(c.get('deps'), await senderOfCall(c), c.req.valid('json')),
    ),
  )
  .openapi(
    ...answering(
      step({
        method: 'post',
        path: `${base}/part-url`,
        summary: 'Signed URLs for parts of a file request upload',
        params: slugParam,
        body: partUrlBody,
        answer: partUrlResult,
      }),
      async (c) =>
        requestPartUrls(c.get('deps'), await senderOfCall(c), c.req.valid('json'), linkBaseOf(c)),
    ),
  )
  .openapi(
    ...answering(
      step({
        method: 'get',
        path: `${base}/{file_id}/parts`,
        summary: 'The parts of a file request upload stored so far (to resume)',
        params: slugAndFile,
        answer: multipartSession,
      }),
      async (c) =>
        requestStoredParts(c.get('deps'), await senderOfCall(c), c.req.valid('param').file_id),
    ),
  )
  .openapi(
    ...answering(
      step({
        method: 'post',
        path: `${base}/complete`,
        summary: 'Complete a file request upload: the owner receives the file',
        params: slugParam,
        body: multipartCompleteBody,
        answer: requestReceipt,
      }),
      async (c) => {
        const sender = await senderOfCall(c);
        const body = c.req.valid('json');
        return completeRequestMultipart(c.get('deps'), sender, body, linkBaseOf(c), originOf(c));
      },
    ),
  )
  .openapi(
    ...answering(
      step({
        method: 'post',
        path: `${base}/abort`,
        summary: 'Cancel a file request upload; its reservation is given back',
        params: slugParam,
        body: multipartAbortBody,
        answer: abortResult,
      }),
      async (c) => {
        const { file_id: fileId, upload_id: uploadId } = c.req.valid('json');
        return abortRequestMultipart(c.get('deps'), await senderOfCall(c), fileId, uploadId);
      },
    ),
  );
