import type { Command } from 'commander';
import { bundleDetail } from '@pastebox/contract/schemas/bundle';
import { PasteboxApi } from '../api';
import { currentLogin } from '../config';
import { usageError } from '../errors';
import { shareLink } from '../links';
import { note, printJson, printResult } from '../output';
import { fileShareOptions, type ShareFlags } from '../share-options';
import { fileToSend } from '../upload/local-file';
import { sendFile, type SentFile } from '../upload/send-file';

interface PutFlags extends ShareFlags {
  bundle?: boolean;
  title?: string;
  json?: boolean;
}

/** What the run did with a multipart file, on stderr (a re-run shows what it resumed). */
function reportParts(name: string, sent: SentFile): void {
  if (sent.parts) {
    const { sent: count, resumed } = sent.parts;
    note(`${name}: sent ${count} part${count === 1 ? '' : 's'}, ${resumed} resumed`);
  }
}

/**
 * `pastebox put FILE…`: each file its own share, or with --bundle the files private and
 * one bundle share (DESIGN §13) carrying the options, whose link is printed.
 */
async function put(paths: string[], flags: PutFlags): Promise<void> {
  const files = paths.map(fileToSend);
  const options = fileShareOptions(flags);
  if (options.slug && files.length > 1 && !flags.bundle) {
    throw usageError('--slug names one share: give one file, or add --bundle');
  }
  const { baseUrl, key } = currentLogin();
  const api = new PasteboxApi(baseUrl, key);
  // A bundle's files are private: its link (with the options) is the way in.
  const request = flags.bundle ? { private: true, remark: options.remark } : options;
  const sent: SentFile[] = [];
  for (const file of files) {
    const result = await sendFile(api, file, request);
    reportParts(file.name, result);
    sent.push(result);
    if (!flags.bundle && !flags.json) {
      printResult(shareLink(baseUrl, 'file', result.share.slug));
    }
  }
  if (flags.bundle) {
    const { remark: _remark, ...bundleOptions } = options;
    const bundle = await api.post('/user/bundles', bundleDetail, {
      ...bundleOptions,
      title: flags.title || null,
      file_ids: sent.map((result) => result.share.id),
    });
    if (flags.json) {
      printJson({ ...bundle, link: bundle.url });
    } else {
      printResult(bundle.url);
    }
    return;
  }
  if (flags.json) {
    printJson(
      sent.map(({ share }) => ({ ...share, link: shareLink(baseUrl, 'file', share.slug) })),
    );
  }
}

export function registerPut(program: Command): void {
  program
    .command('put')
    .description('upload files as shares (large ones resumable) and print their links')
    .argument('<files...>', 'the files to upload')
    .option('-s, --slug <slug>', 'the link suffix (one file, or the bundle)')
    .option('-p, --password <password>', 'protect the share(s) with a password')
    .option('-e, --expires <duration>', 'expire after 1h, 1d, 7d, 30d… (or never)')
    .option('--views <count>', 'open at most this many times (0 = unlimited)')
    .option('-r, --remark <text>', 'a note shown with each file')
    .option('-b, --bundle', 'share the files together behind one bundle link')
    .option('-t, --title <title>', 'the bundle page title (with --bundle)')
    .option('--json', "print the server's answers as JSON (an array of files, or the bundle)")
    .action((files: string[], flags: PutFlags) => put(files, flags));
}
