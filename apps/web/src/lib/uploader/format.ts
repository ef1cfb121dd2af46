/**
 * Sizes are binary and say so (issue 30: a 5000 MB setting read "4.88 GB"): 1 KiB is 1024
 * bytes, 1 MiB 1024 KiB, in both languages, as the settings take them and the server counts
 * them (a max upload size "in MB" is MiB). docs/design-notes.md, "Sizes".
 */
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** The units a size setting offers, by the API's name for each, as the app labels them. */
const UNIT_LABELS = { KB: 'KiB', MB: 'MiB', GB: 'GiB', TB: 'TiB' } as const;

/** The label of a size unit the API names KB/MB/GB/TB (binary multiples): "MiB". */
export function sizeUnitLabel(unit: keyof typeof UNIT_LABELS): string {
  return UNIT_LABELS[unit];
}

/** 1536 → "1.5 KiB": binary units with at most two decimals. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    return '—';
  }
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(Math.round(value)) : value.toFixed(2).replace(/\.?0+$/, '');
  return `${rounded} ${UNITS[unit]}`;
}

/** Bytes per second → "2.4 MB/s". */
export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** Seconds → "0:42", "12:05" or "1:02:03" (language-neutral, like a media player). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) {
    return '—';
  }
  const total = Math.ceil(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  const ss = String(secs).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}
