import { fileShare } from '@pastebox/contract/schemas/file';
import { commitBody, presignBody, presignResult } from '@pastebox/contract/schemas/upload';
import { answering, routeGroup } from '@/lib/declare-route';
import { jsonBodyCall } from '@/lib/route-calls';
import { createRouter, keySecurity } from '@/lib/openapi';
import { commitUpload, presignUpload } from '../presign';

const route = routeGroup({ tags: ['Uploads'], security: keySecurity });

/** Presigned single PUT: presign → PUT to upload_url → commit (SPEC §7 Files). */
export const presignRoutes = createRouter()
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/s3/presign',
        summary: 'Reserve a file share and get a URL to PUT the file to',
        description:
          'Checks the max upload size, the config capacity and the slug, and creates a pending ' +
          'record. For local storage the URL is a short-lived signed URL to this server.',
        body: presignBody,
        answer: presignResult,
      }),
      jsonBodyCall('file', presignUpload),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/s3/commit',
        summary: 'Finish a presigned upload: the object must exist with the announced size',
        description:
          'On success the share becomes ready with the given options (expires_in counts from ' +
          'now). On any failure the object and the record are deleted.',
        body: commitBody,
        answer: fileShare,
      }),
      jsonBodyCall('file', commitUpload),
    ),
  );
