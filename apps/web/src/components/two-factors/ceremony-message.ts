import type { TFunction } from 'i18next';
import { errorMessage } from '@/lib/error-message';
import { isCeremonyRefusal } from '@/lib/two-factor-enrolment';

/**
 * What went wrong with a passkey: the browser's refusal in plain words (the person
 * cancelled, the key already holds one for this account), else the server's error.
 */
export function passkeyErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof Error && error.name === 'InvalidStateError') {
    return t('twoFactors.passkey.alreadyRegistered');
  }
  if (isCeremonyRefusal(error)) {
    return t('twoFactors.passkey.refused');
  }
  return errorMessage(t, error);
}
