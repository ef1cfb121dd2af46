import { z } from 'zod';
import { isoInstant, pagination } from './common';

export const pasteFormat = z.enum(['markdown', 'text']);
export type PasteFormat = z.infer<typeof pasteFormat>;

/**
 * POST /api/paste. Field names as the existing clients send them (camelCase);
 * snake_case aliases `expires_at` and `max_views` are accepted too.
 */
export const createPasteBody = z.object({
  content: z.string().describe('The text; must not be empty'),
  slug: z.string().nullish().describe('Custom link suffix; random when empty'),
  remark: z.string().max(500).nullish().describe('A note shown with the share'),
  password: z.string().max(256).nullish().describe('Access password; none when empty'),
  expiresAt: isoInstant.nullish().describe('When the share expires; never when empty'),
  expires_at: isoInstant.nullish().describe('Alias of expiresAt'),
  maxViews: z.number().int().min(0).nullish().describe('0 or empty = unlimited'),
  max_views: z.number().int().min(0).nullish().describe('Alias of maxViews'),
  format: pasteFormat.optional().describe('markdown (default) or text'),
});
export type CreatePasteBody = z.infer<typeof createPasteBody>;

/** PUT /api/admin/pastes/{id} and /api/user/pastes/{id}: every field optional. */
export const updatePasteBody = z.object({
  content: z.string().optional(),
  slug: z.string().nullish().describe('New link suffix'),
  remark: z.string().max(500).nullish(),
  password: z.string().max(256).nullish().describe('New password; unchanged when absent'),
  clearPassword: z.boolean().optional().describe('Remove the password'),
  expiresAt: isoInstant.nullish().describe('null = never'),
  expires_at: isoInstant.nullish(),
  maxViews: z.number().int().min(0).nullish(),
  max_views: z.number().int().min(0).nullish(),
  format: pasteFormat.optional(),
});
export type UpdatePasteBody = z.infer<typeof updatePasteBody>;

export const pastePasswordBody = z.object({ password: z.string().max(256) });

/** A paste as a reader sees it. `content` is absent while a password is still needed. */
export const pasteView = z.object({
  slug: z.string(),
  content: z.string().optional(),
  format: pasteFormat,
  remark: z.string().nullable(),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  maxViews: z.number().int(),
  views: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  created_by: z.string(),
  /** True when the caller (admin or the creating key) may edit it in place. */
  canEdit: z.boolean().optional(),
});
export type PasteView = z.infer<typeof pasteView>;

/** A paste in the management lists: metadata plus a short preview of the content. */
export const pasteListItem = pasteView.omit({ content: true, canEdit: true }).extend({
  id: z.string(),
  preview: z.string(),
  size: z.number().int().describe('Content length in bytes'),
  expired: z.boolean().describe('Expired or out of views'),
});
export type PasteListItem = z.infer<typeof pasteListItem>;

export const pasteDetail = pasteView.extend({ id: z.string(), content: z.string() });
export type PasteDetail = z.infer<typeof pasteDetail>;

export const pasteList = z.object({ items: z.array(pasteListItem), pagination });
export type PasteList = z.infer<typeof pasteList>;

export const clearExpiredBody = z.object({ clearExpired: z.boolean().optional() });
