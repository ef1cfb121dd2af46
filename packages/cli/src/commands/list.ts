import type { Command } from 'commander';
import { fileList, type FileShare } from '@pastebox/contract/schemas/file';
import { pasteList, type PasteListItem } from '@pastebox/contract/schemas/paste';
import type { z } from 'zod';
import { PasteboxApi } from '../api';
import { currentLogin } from '../config';
import { CliError, EXIT } from '../errors';
import { shareLink } from '../links';
import { formatBytes, printJson, printResult } from '../output';

/** The largest page the user families give (contract: pastes 100, files 200). */
const PAGE = 100;

/** A page of a user family's list, as the contract gives it. */
type Page<T> = z.ZodType<{ items: T[]; pagination: { total: number } }>;

/**
 * Every item of one user family, page by page. A key without the family's permission
 * (403) simply has none: `ls` shows what the key may see.
 */
export async function listAll<T>(
  api: PasteboxApi,
  path: string,
  schema: Page<T>,
  search?: string,
): Promise<T[]> {
  const items: T[] = [];
  try {
    for (let offset = 0; ; offset += PAGE) {
      const page = await api.get(path, schema, { limit: PAGE, offset, search });
      items.push(...page.items);
      if (page.items.length < PAGE || items.length >= page.pagination.total) {
        return items;
      }
    }
  } catch (error) {
    if (
      error instanceof CliError &&
      error.exitCode === EXIT.auth &&
      error.key !== 'API_KEY_INVALID'
    ) {
      return items;
    }
    throw error;
  }
}

function expiryOf(item: {
  expired: boolean;
  expiresAt?: string | null;
  expires_at?: string | null;
}) {
  if (item.expired) {
    return 'expired';
  }
  const at = item.expiresAt ?? item.expires_at;
  return at ? `until ${at.slice(0, 16).replace('T', ' ')}` : 'no expiry';
}

function pasteLine(baseUrl: string, paste: PasteListItem): string {
  const views = paste.maxViews ? `${paste.views}/${paste.maxViews}` : `${paste.views}`;
  const lock = paste.hasPassword ? ' password' : '';
  return [
    'paste',
    shareLink(baseUrl, 'paste', paste.slug),
    formatBytes(paste.size),
    `${views} views`,
    `${expiryOf(paste)}${lock}`,
  ].join('\t');
}

function fileLine(baseUrl: string, file: FileShare): string {
  const views = file.max_views ? `${file.views}/${file.max_views}` : `${file.views}`;
  const flags = [file.has_password ? 'password' : '', file.private ? 'private' : '']
    .filter(Boolean)
    .join(' ');
  return [
    'file',
    shareLink(baseUrl, 'file', file.slug),
    formatBytes(file.size),
    `${views} views`,
    `${expiryOf(file)}${flags ? ` ${flags}` : ''}`,
    file.filename,
  ].join('\t');
}

async function list(flags: { json?: boolean }): Promise<void> {
  const { baseUrl, key } = currentLogin();
  const api = new PasteboxApi(baseUrl, key);
  const pastes = await listAll(api, '/user/pastes', pasteList);
  const files = await listAll(api, '/user/files', fileList);
  if (flags.json) {
    printJson({
      pastes: pastes.map((paste) => ({ ...paste, link: shareLink(baseUrl, 'paste', paste.slug) })),
      files: files.map((file) => ({ ...file, link: shareLink(baseUrl, 'file', file.slug) })),
    });
    return;
  }
  for (const paste of pastes) {
    printResult(pasteLine(baseUrl, paste));
  }
  for (const file of files) {
    printResult(fileLine(baseUrl, file));
  }
}

export function registerList(program: Command): void {
  program
    .command('ls')
    .description("list the key's own shares: pastes and files, one per line (tab-separated)")
    .option('--json', "print the server's answers as JSON ({ pastes, files })")
    .action((flags: { json?: boolean }) => list(flags));
}
