import { LIMITS } from '@pastebox/contract/limits';
import {
  MAX_UPLOAD_SIZE_CEILING_BYTES,
  sizeUnit,
  UNIT_BYTES,
  webdavUploadMode,
  type SizeUnit,
  type SystemSettings,
  type UpdateSystemSettingsBody,
} from '@pastebox/contract/schemas/system-settings';
import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { readSetting, writeSetting } from '@/modules/system/service';

/**
 * Stored keys. `max_upload_size_mb` stays the single truth for the size (in MB, fractional
 * for KB values) because the uploads module and GET /system/max-upload-size read it; the
 * unit is only how the admin prefers to see it.
 */
const KEYS = {
  sizeMb: 'max_upload_size_mb',
  unit: 'max_upload_size_unit',
  webdavMode: 'webdav_upload_mode',
  previewSnippets: 'link_preview_snippets',
} as const;

export { readSecuritySettings } from './security';

const MIB = UNIT_BYTES.MB;

/** Drops float noise (0.30000000000000004) from a converted value. */
function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

/** The stored settings, with SPEC defaults (100 MB, auto) for anything never set. */
export async function readSystemSettings(deps: AppDeps): Promise<SystemSettings> {
  const storedMb = Number(await readSetting(deps, KEYS.sizeMb));
  const mb = Number.isFinite(storedMb) && storedMb > 0 ? storedMb : LIMITS.defaultMaxUploadSizeMb;
  const unit = sizeUnit.safeParse(await readSetting(deps, KEYS.unit));
  const mode = webdavUploadMode.safeParse(await readSetting(deps, KEYS.webdavMode));
  const shownUnit: SizeUnit = unit.success ? unit.data : 'MB';
  const bytes = Math.round(mb * MIB);
  return {
    max_upload_size: tidy(bytes / UNIT_BYTES[shownUnit]),
    max_upload_size_unit: shownUnit,
    max_upload_size_bytes: bytes,
    webdav_upload_mode: mode.success ? mode.data : 'auto',
    link_preview_snippets: await linkPreviewSnippetsOn(deps),
  };
}

/**
 * Whether link previews (modules/previews) may show what a public share holds: on unless
 * the admin turned it off (issue 36), so only the stored 'false' means off.
 */
export async function linkPreviewSnippetsOn(deps: AppDeps): Promise<boolean> {
  return (await readSetting(deps, KEYS.previewSnippets)) !== 'false';
}

function invalidSize(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path: 'max_upload_size', message }]);
}

/**
 * Applies a partial update. A unit alone re-expresses the current size (it does not change
 * it); a size alone is read in the stored unit. SPEC §5: the size must be greater than 0.
 */
export async function updateSystemSettings(
  deps: AppDeps,
  body: UpdateSystemSettingsBody,
): Promise<SystemSettings> {
  const current = await readSystemSettings(deps);
  const unit = body.max_upload_size_unit ?? current.max_upload_size_unit;
  if (body.max_upload_size !== undefined) {
    const bytes = Math.round(body.max_upload_size * UNIT_BYTES[unit]);
    if (bytes < 1) {
      throw invalidSize('The max upload size must be greater than 0');
    }
    if (bytes > MAX_UPLOAD_SIZE_CEILING_BYTES) {
      throw invalidSize('The max upload size may be at most 1 TB');
    }
    await writeSetting(deps, KEYS.sizeMb, String(bytes / MIB));
  }
  if (body.max_upload_size_unit !== undefined) {
    await writeSetting(deps, KEYS.unit, body.max_upload_size_unit);
  }
  if (body.webdav_upload_mode !== undefined) {
    await writeSetting(deps, KEYS.webdavMode, body.webdav_upload_mode);
  }
  if (body.link_preview_snippets !== undefined) {
    await writeSetting(deps, KEYS.previewSnippets, String(body.link_preview_snippets));
  }
  return readSystemSettings(deps);
}
