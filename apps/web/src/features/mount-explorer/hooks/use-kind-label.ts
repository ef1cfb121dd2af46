import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { useTranslation } from 'react-i18next';
import { fileKindOf } from '@/features/mount-explorer/lib/kinds';

/**
 * What an entry is, in words: Mount, Folder, or the file's kind ("PNG image", "Word
 * document"), never a raw MIME type (issue 30); the type itself stays in the row's title.
 */
export function useKindLabel(): (entry: FsEntry) => string {
  const { t } = useTranslation();
  return (entry) => {
    if (entry.isMount) {
      return t('explorer.kinds.mount');
    }
    if (entry.isDirectory) {
      return t('explorer.kinds.folder');
    }
    const { kind, format } = fileKindOf(entry.name, entry.mimetype);
    return t(`explorer.kinds.${kind}`, { format });
  };
}
