import { LIMITS } from '@pastebox/contract/limits';
import type { PasteFormat } from '@pastebox/contract/schemas/paste';

/** SPEC §5: Markdown-style files recognised by extension. */
export const MARKDOWN_EXTENSIONS = [
  'md',
  'markdown',
  'mdown',
  'mkd',
  'mdwn',
  'mdtxt',
  'mdtext',
  'rmd',
] as const;

/** The `accept` list of the import picker. */
export const IMPORT_ACCEPT = [...MARKDOWN_EXTENSIONS, 'txt'].map((ext) => `.${ext}`).join(',');

export type ImportProblem = 'tooLarge' | 'unsupported';

/** Which mode a file opens in, or why it cannot be imported. */
export function classifyImport(
  file: Pick<File, 'name' | 'size'>,
): { format: PasteFormat } | { problem: ImportProblem } {
  if (file.size > LIMITS.editableFileBytes) {
    return { problem: 'tooLarge' };
  }
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if ((MARKDOWN_EXTENSIONS as readonly string[]).includes(extension)) {
    return { format: 'markdown' };
  }
  if (extension === 'txt') {
    return { format: 'text' };
  }
  return { problem: 'unsupported' };
}
