import {
  DEFAULT_AUDIT_RETENTION_DAYS,
  MAX_AUDIT_RETENTION_DAYS,
  type SecuritySettings,
  type UpdateSecuritySettingsBody,
} from '@pastebox/contract/schemas/security-settings';
import type { AppDeps } from '@/context';
import { readSetting, writeSetting } from '@/modules/system/service';

const KEYS = {
  auditRetentionDays: 'audit_retention_days',
  requireTwoFactor: 'require_two_factor',
} as const;

/** The account-wide security rules (issue 32), with their defaults for anything never set. */
export async function readSecuritySettings(deps: AppDeps): Promise<SecuritySettings> {
  const days = Number(await readSetting(deps, KEYS.auditRetentionDays));
  return {
    audit_retention_days:
      Number.isInteger(days) && days >= 1 && days <= MAX_AUDIT_RETENTION_DAYS
        ? days
        : DEFAULT_AUDIT_RETENTION_DAYS,
    require_two_factor: (await readSetting(deps, KEYS.requireTwoFactor)) === 'true',
  };
}

export async function updateSecuritySettings(
  deps: AppDeps,
  body: UpdateSecuritySettingsBody,
): Promise<SecuritySettings> {
  if (body.audit_retention_days !== undefined) {
    await writeSetting(deps, KEYS.auditRetentionDays, String(body.audit_retention_days));
  }
  if (body.require_two_factor !== undefined) {
    await writeSetting(deps, KEYS.requireTwoFactor, String(body.require_two_factor));
  }
  return readSecuritySettings(deps);
}
