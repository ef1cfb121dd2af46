import { LIMITS } from '@pastebox/contract/limits';
import { NAME_MAX_BYTES, utf8ByteLength } from '@pastebox/contract/rules/file-name';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { previewKindOf } from '@/components/preview/preview-kind';

export type NameProblem = 'required' | 'invalid' | 'tooLong' | 'taken';

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[/\\\u0000-\u001f\u007f]/;

/**
 * What is wrong with a name typed for a new or renamed entry, or null. One path segment:
 * a slash would quietly make a chain of folders, `.` and `..` are not names, and the file
 * systems below take at most 255 bytes. `taken` compares with the folder's other names
 * (`current`, the entry being renamed, does not count).
 */
export function nameProblem(
  raw: string,
  siblings: readonly string[],
  current?: string,
): NameProblem | null {
  const name = raw.trim().normalize('NFC');
  if (name === '') {
    return 'required';
  }
  if (name === '.' || name === '..' || FORBIDDEN.test(name)) {
    return 'invalid';
  }
  if (utf8ByteLength(name) > NAME_MAX_BYTES) {
    return 'tooLong';
  }
  if (name !== current && siblings.includes(name)) {
    return 'taken';
  }
  return null;
}

/** The name as it will be sent: trimmed and composed (the server keeps NFC). */
export function cleanName(raw: string): string {
  return raw.trim().normalize('NFC');
}

/** SPEC §5, §9: text files of at most 10 MB open in the editor. */
export function isEditable(entry: Pick<FsEntry, 'isDirectory' | 'name' | 'mimetype' | 'size'>) {
  if (entry.isDirectory || entry.size > LIMITS.editableFileBytes) {
    return false;
  }
  const kind = previewKindOf(entry.name, entry.mimetype ?? '');
  return kind === 'text' || kind === 'markdown';
}
