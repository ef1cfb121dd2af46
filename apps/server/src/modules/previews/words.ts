import { pageLanguage, type PageLanguage } from '@/shares/browser-request';

/**
 * The words of a link preview. Preview bots send no Accept-Language, so they read English;
 * a reader whose browser prefers Chinese gets Chinese (the page's own texts come from the
 * web app's i18n once it runs).
 */

export interface PreviewWords {
  sharedText: string;
  sharedFiles: string;
  protectedText: string;
  protectedFile: string;
  protectedBundle: string;
  /** "3 files" for a bundle. */
  fileCount: (count: number) => string;
}

const WORDS: Record<PageLanguage, PreviewWords> = {
  'en-US': {
    sharedText: 'Shared text',
    sharedFiles: 'Shared files',
    protectedText: 'A shared text on Pastebox',
    protectedFile: 'A shared file on Pastebox',
    protectedBundle: 'Shared files on Pastebox',
    fileCount: (count) => (count === 1 ? '1 file' : `${count} files`),
  },
  'zh-CN': {
    sharedText: '分享的文本',
    sharedFiles: '分享的文件',
    protectedText: 'Pastebox 上分享的文本',
    protectedFile: 'Pastebox 上分享的文件',
    protectedBundle: 'Pastebox 上分享的一组文件',
    fileCount: (count) => `${count} 个文件`,
  },
};

/**
 * Chinese when the reader ranks it above English; otherwise English, unlike the pages of
 * the app (whose default is Chinese): a bot that names no language reads English.
 */
export function previewLanguage(acceptLanguage: string | undefined): PageLanguage {
  const mentionsChinese = /(?:^|,)\s*zh\b/i.test(acceptLanguage ?? '');
  return mentionsChinese && pageLanguage(acceptLanguage) === 'zh-CN' ? 'zh-CN' : 'en-US';
}

export function previewWords(language: PageLanguage): PreviewWords {
  return WORDS[language];
}
