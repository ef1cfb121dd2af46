/** The units a request's size limits are typed in (binary, as the server counts: 1 MiB = 1024 KiB). */
export const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

const FACTORS: Record<SizeUnit, number> = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** A size as the form holds it: an amount ('' or 0 = no limit) and its unit. */
export interface SizeValue {
  amount: number | string;
  unit: SizeUnit;
}

/** Bytes of a typed size; 0 when empty; NaN when it is not a number ≥ 0. */
export function bytesOf(size: SizeValue): number {
  if (size.amount === '') {
    return 0;
  }
  const amount = Number(size.amount);
  return Number.isFinite(amount) && amount >= 0 ? Math.round(amount * FACTORS[size.unit]) : NaN;
}

/** The largest unit that shows `bytes` exactly (else with two decimals); 0 = no limit. */
export function sizeValueOf(bytes: number, fallback: SizeUnit = 'MB'): SizeValue {
  if (bytes <= 0) {
    return { amount: '', unit: fallback };
  }
  for (const unit of [...SIZE_UNITS].reverse()) {
    if (bytes % FACTORS[unit] === 0) {
      return { amount: bytes / FACTORS[unit], unit };
    }
  }
  const unit = bytes >= FACTORS.GB ? 'GB' : bytes >= FACTORS.MB ? 'MB' : 'KB';
  return { amount: Math.round((bytes / FACTORS[unit]) * 100) / 100, unit };
}
