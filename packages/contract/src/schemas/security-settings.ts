import { z } from 'zod';

/** How long audit entries are kept (issue 32): 180 days unless the admin says otherwise. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 180;
export const MAX_AUDIT_RETENTION_DAYS = 3650;

/** GET /api/admin/security-settings: the account-wide rules of issue 32. */
export const securitySettings = z.object({
  audit_retention_days: z.number().int().describe('Audit entries older than this are swept'),
  require_two_factor: z
    .boolean()
    .describe('Every account must sign in with a second factor (TOTP or a passkey)'),
});
export type SecuritySettings = z.infer<typeof securitySettings>;

/** PUT /api/admin/security-settings: any subset. */
export const updateSecuritySettingsBody = z.object({
  audit_retention_days: z.number().int().min(1).max(MAX_AUDIT_RETENTION_DAYS).optional(),
  require_two_factor: z.boolean().optional(),
});
export type UpdateSecuritySettingsBody = z.infer<typeof updateSecuritySettingsBody>;
