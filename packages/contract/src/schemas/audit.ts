import { z } from 'zod';
import { count } from './numbers';
import { pagination } from './common';

/** One entry of the audit log (issue 32). */
export const auditEvent = z.object({
  id: z.string(),
  at: z.string(),
  actor_type: z.enum(['account', 'apikey', 'anonymous']),
  actor_id: z.string().nullable().describe("The account's id or 'apikey:{id}'"),
  actor_name: z.string().nullable().describe('The username or key name as it was then'),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  action: z.string().describe('e.g. auth.sign_in, share.delete, fs.write, dav.put'),
  target: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/** The audit page's filters: who, what, how it ended, when (ISO instants, from inclusive). */
export const auditQuery = z.object({
  actor: z.string().max(100).optional().describe('An account id, key id or name (exact)'),
  action: z.string().max(64).optional().describe('An action, or a prefix ending in "." (auth.)'),
  outcome: z.enum(['success', 'failure']).optional(),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  page: count({ min: 1 }).default(1),
  limit: count({ min: 1, max: 200 }).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditList = z.object({
  items: z.array(auditEvent),
  pagination,
  lost_entries: z
    .number()
    .int()
    .describe('Entries this server could not write since it started (logged)'),
});
export type AuditList = z.infer<typeof auditList>;
