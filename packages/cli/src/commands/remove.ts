import type { Command } from 'commander';
import { fileList } from '@pastebox/contract/schemas/file';
import { pasteList } from '@pastebox/contract/schemas/paste';
import { z } from 'zod';
import { PasteboxApi } from '../api';
import { currentLogin, normaliseServerUrl } from '../config';
import { CliError, EXIT } from '../errors';
import { parseShareLink, shareLink, type ShareKind } from '../links';
import { note, printJson, printResult } from '../output';
import { listAll } from './list';

interface Found {
  kind: Extract<ShareKind, 'paste' | 'file'>;
  id: string;
  slug: string;
}

/** The key's own share with this slug: the lists are searched (they match slugs), exactly. */
async function findOwnShare(api: PasteboxApi, slug: string): Promise<Found | null> {
  const pastes = await listAll(api, '/user/pastes', pasteList, slug);
  const paste = pastes.find((item) => item.slug === slug);
  if (paste) {
    return { kind: 'paste', id: paste.id, slug };
  }
  const files = await listAll(api, '/user/files', fileList, slug);
  const file = files.find((item) => item.slug === slug);
  return file ? { kind: 'file', id: file.id, slug } : null;
}

/**
 * `pastebox rm SLUG…` (slugs or links): deletes each of the key's own shares. Every slug
 * is tried; the exit code is the first failure's (4 when one was not found).
 */
async function remove(slugs: string[], flags: { json?: boolean }): Promise<void> {
  const { baseUrl, key } = currentLogin();
  const api = new PasteboxApi(baseUrl, key);
  const deleted: string[] = [];
  let failure: CliError | null = null;
  for (const argument of slugs) {
    try {
      const { slug, baseUrl: server } = parseShareLink(argument);
      if (server && normaliseServerUrl(server) !== baseUrl) {
        throw new CliError(`${argument} is a share of another server`, EXIT.usage);
      }
      const found = await findOwnShare(api, slug);
      if (!found) {
        throw new CliError(`No share of yours is called ${slug}`, EXIT.notFound);
      }
      await api.call('DELETE', `/user/${found.kind}s/${found.id}`, z.unknown());
      const link = shareLink(baseUrl, found.kind, slug);
      deleted.push(link);
      if (!flags.json) {
        printResult(link);
      }
    } catch (error) {
      if (!(error instanceof CliError)) {
        throw error;
      }
      note(`pastebox: ${error.message}`);
      failure ??= error;
    }
  }
  if (flags.json) {
    printJson({ deleted });
  }
  if (failure) {
    throw new CliError('Not every share was deleted', failure.exitCode);
  }
}

export function registerRemove(program: Command): void {
  program
    .command('rm')
    .description("delete the key's own shares by slug or link (prints each deleted link)")
    .argument('<slugs...>', 'slugs or links of pastes and files')
    .option('--json', 'print { deleted: [links] } as JSON')
    .action((slugs: string[], flags: { json?: boolean }) => remove(slugs, flags));
}
