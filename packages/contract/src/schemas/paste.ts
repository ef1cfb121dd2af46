import { z } from 'zod';
import { LIMITS } from '../limits';
import { isoInstant, pagination } from './common';
import { count } from './numbers';

export const pasteFormat = z.enum(['markdown', 'text']);
export type PasteFormat = z.infer<typeof pasteFormat>;

/**
 * POST /api/paste. Field names as the existing clients send them (camelCase);
 * snake_case aliases `expires_at` and `max_views` are accepted too.
 */
export const createPasteBody = z.object({
  content: z.string().describe('The text; must not be empty or only whitespace'),
  slug: z.string().nullish().describe('Custom link suffix (SPEC §5); random when empty'),
  remark: z.string().max(LIMITS.remarkMaxLength).nullish().describe('A note shown with the share'),
  password: z.string().max(256).nullish().describe('Access password; none when empty'),
  expiresAt: isoInstant.nullish().describe('When the share expires (future); never when empty'),
  expires_at: isoInstant.nullish().describe('Alias of expiresAt'),
  maxViews: count().nullish().describe('0 or empty = unlimited'),
  max_views: count().nullish().describe('Alias of maxViews'),
  format: pasteFormat.optional().describe('markdown (default) or text'),
  encrypted: z
    .boolean()
    .optional()
    .describe(
      'End-to-end encrypted: content is a sealed blob in base64url (docs/encryption.md), ' +
        'which the server checks is one and never reads',
    ),
});
export type CreatePasteBody = z.infer<typeof createPasteBody>;

/** PUT /api/admin/pastes/{id} and /api/user/pastes/{id}: absent fields stay unchanged. */
export const updatePasteBody = z.object({
  content: z.string().optional().describe('New text; must not be empty'),
  slug: z.string().nullish().describe('New link suffix; unchanged when empty'),
  remark: z.string().max(LIMITS.remarkMaxLength).nullish().describe('null or empty removes it'),
  password: z.string().max(256).nullish().describe('New password; unchanged when empty'),
  clearPassword: z.boolean().optional().describe('Remove the password'),
  expiresAt: isoInstant.nullish().describe('New expiry (future); null = never'),
  expires_at: isoInstant.nullish().describe('Alias of expiresAt'),
  maxViews: count().nullish().describe('0 or null = unlimited'),
  max_views: count().nullish().describe('Alias of maxViews'),
  format: pasteFormat.optional(),
});
export type UpdatePasteBody = z.infer<typeof updatePasteBody>;

/** POST /api/paste/{slug}: the password of a protected share. */
export const pastePasswordBody = z.object({ password: z.string().max(256) });
export type PastePasswordBody = z.infer<typeof pastePasswordBody>;

/**
 * GET /api/raw/{slug}?token= or ?password=. With the `token` of a visit (from `rawUrl`) no
 * view is counted and no password is needed; without one the request counts a view, with
 * the password for a protected share.
 */
export const rawPasteQuery = z.object({
  token: z.string().max(512).optional().describe('Visit token from rawUrl'),
  password: z
    .string()
    .max(256)
    .optional()
    .describe('For a protected share read without a token (costs a view)'),
});

/** A paste as a reader sees it. `content` is absent while a password is still needed. */
export const pasteView = z.object({
  /** Present for the admin and the creating key, so the web app can edit in place. */
  id: z.string().optional(),
  slug: z.string(),
  content: z.string().optional(),
  format: pasteFormat,
  remark: z.string().nullable(),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable().describe('ISO instant; null = never'),
  maxViews: z.number().int().describe('0 = unlimited'),
  views: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  created_by: z.string().describe("The admin's id or 'apikey:{id}'"),
  /** True when the caller (admin or the creating key) may edit it in place. */
  canEdit: z.boolean().optional(),
  /** Present (true) for an end-to-end encrypted share: `content` is a sealed blob. */
  encrypted: z.literal(true).optional(),
  rawUrl: z
    .string()
    .optional()
    .describe(
      'With the content: {origin}/api/raw/{slug}?token=…, absolute — the raw text of this ' +
        'visit, costing no further view and needing no password',
    ),
});
export type PasteView = z.infer<typeof pasteView>;

/** A paste in the management lists: metadata plus a short preview of the content. */
export const pasteListItem = pasteView.omit({ content: true, canEdit: true, rawUrl: true }).extend({
  id: z.string(),
  preview: z.string().describe('The first 200 characters of the content'),
  size: z.number().int().describe('Content length in bytes'),
  expired: z.boolean().describe('Expired or out of views'),
});
export type PasteListItem = z.infer<typeof pasteListItem>;

/** One paste, content included: creation answer and the management views. */
export const pasteDetail = pasteView
  .omit({ rawUrl: true })
  .extend({ id: z.string(), content: z.string() });
export type PasteDetail = z.infer<typeof pasteDetail>;

export const pasteList = z.object({ items: z.array(pasteListItem), pagination });
export type PasteList = z.infer<typeof pasteList>;

/** POST /api/admin/pastes/clear-expired (SPEC §7 sends `{ clearExpired: true }`). */
export const clearExpiredBody = z.object({ clearExpired: z.boolean().optional() });
