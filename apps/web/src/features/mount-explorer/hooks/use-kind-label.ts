import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { useTranslation } from 'react-i18next';

/** What an entry is, in words: Mount, Folder, or the file's type ("image/png"). */
export function useKindLabel(): (entry: FsEntry) => string {
  const { t } = useTranslation();
  return (entry) => {
    if (entry.isMount) {
      return t('explorer.kinds.mount');
    }
    if (entry.isDirectory) {
      return t('explorer.kinds.folder');
    }
    return entry.mimetype ?? t('explorer.kinds.file');
  };
}
