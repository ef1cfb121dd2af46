import type { TFunction } from 'i18next';
import type { TransferMode } from './copy-rules';

/** The words of the folder chooser for one mode: the same dialog says Copy or Move throughout. */
export function transferTexts(t: TFunction, mode: TransferMode, count: number) {
  if (mode === 'copy') {
    return {
      title: t('explorerCopy.title'),
      items: t('explorerCopy.items', { count }),
      pickerTitle: t('explorerCopy.pickerTitle'),
      useFolder: t('explorerCopy.useFolder'),
      confirm: t('explorerCopy.copy'),
      started: t('explorerCopy.started'),
      skipHint: t('explorerCopy.skipExistingHint'),
    };
  }
  return {
    title: t('explorerMove.title'),
    items: t('explorerMove.items', { count }),
    pickerTitle: t('explorerMove.pickerTitle'),
    useFolder: t('explorerMove.useFolder'),
    confirm: t('explorerMove.move'),
    started: t('explorerMove.started'),
    skipHint: t('explorerMove.skipExistingHint'),
  };
}
