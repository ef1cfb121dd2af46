import { LIMITS } from '@pastebox/contract/limits';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  consumeInstallOffer,
  currentInstallOffer,
  isStandalone,
  readDismissedAt,
  shouldOfferInstall,
  snoozeInstallPrompt,
  subscribeToInstallOffer,
} from '../install-prompt';

/**
 * The install card's state: shown while the browser offers installing and the user has not
 * dismissed it in the last 7 days, re-checked every 5 s (SPEC §9) so a snooze that runs out,
 * or an install made elsewhere, shows without a reload.
 */
export function useInstallPrompt() {
  const offer = useSyncExternalStore(subscribeToInstallOffer, currentInstallOffer, () => null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), LIMITS.installPromptCheckMs);
    return () => window.clearInterval(timer);
  }, []);

  const visible = shouldOfferInstall({
    hasOffer: offer !== null,
    standalone: isStandalone(),
    dismissedAt: readDismissedAt(),
    now,
  });

  const dismiss = useCallback(() => {
    const at = Date.now();
    snoozeInstallPrompt(at);
    setNow(at);
  }, []);

  const install = useCallback(async () => {
    if (!offer) {
      return;
    }
    consumeInstallOffer();
    await offer.prompt();
    const choice = await offer.userChoice;
    if (choice.outcome === 'dismissed') {
      // Saying no in the browser's own dialog counts as dismissing the card.
      dismiss();
    }
  }, [offer, dismiss]);

  return { visible, install, dismiss };
}
