import { z } from 'zod';
import { storageProvider } from './storage-config';

/**
 * `GET /api/admin/dashboard/stats` (SPEC §7 "System", issue 11): what the admin's landing
 * page shows. Days are UTC calendar days, written `YYYY-MM-DD`.
 */

/** Number of points in the activity series: today and the six days before it. */
export const DASHBOARD_ACTIVITY_DAYS = 7;
/** How many of the newest shares `recent` lists. */
export const DASHBOARD_RECENT_ITEMS = 5;

const totals = z.object({
  pastes: z.number().int(),
  files: z.number().int(),
  api_keys: z.number().int(),
  mounts: z.number().int(),
  storage_configs: z.number().int(),
  views: z.number().int().describe('Views counted on all live pastes and file shares'),
});

const today = z.object({
  pastes: z.number().int().describe('Pastes created today (UTC), removed since or not'),
  files: z.number().int().describe('File shares created today (UTC), removed since or not'),
});

const activityDay = z.object({
  date: z.string().describe('YYYY-MM-DD (UTC)'),
  pastes: z.number().int(),
  files: z.number().int(),
});

/** One storage config's usage: the "bucket" of the selector. */
const storageUsage = z.object({
  config_id: z.string(),
  name: z.string(),
  provider_type: storageProvider,
  bucket_name: z.string().nullable().describe('null for local storage'),
  is_default: z.boolean(),
  used_bytes: z
    .number()
    .int()
    .describe('Bytes the capacity ledger counts on this config (stored + writes in flight)'),
  capacity_bytes: z.number().int().nullable().describe('null = unlimited'),
  file_count: z.number().int(),
});

const recentItem = z.object({
  kind: z.enum(['paste', 'file']),
  slug: z.string(),
  label: z.string().describe('File name, or the paste remark (empty when none)'),
  created_at: z.string(),
});

export const dashboardStats = z.object({
  totals,
  today,
  activity: z.array(activityDay).describe('Exactly 7 days, oldest first, zeros included'),
  storage: z.array(storageUsage).describe('Default config first, then by name'),
  recent: z.array(recentItem).describe('The newest pastes and files, newest first'),
});
export type DashboardStats = z.infer<typeof dashboardStats>;
export type DashboardActivityDay = z.infer<typeof activityDay>;
export type DashboardStorageUsage = z.infer<typeof storageUsage>;
export type DashboardRecentItem = z.infer<typeof recentItem>;
