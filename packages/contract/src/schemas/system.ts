import { z } from 'zod';

export const health = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** GET /api/ready (issue 36): ready for traffic — the database answers, no migration pending. */
export const readiness = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  migrations: z.literal('current'),
});
export const versionInfo = z.object({ name: z.string(), version: z.string(), node: z.string() });
export const maxUploadSize = z.object({
  max_upload_size: z.number().describe('In MB (SPEC §7: 100 when missing)'),
  max_upload_size_bytes: z.number().int(),
});
