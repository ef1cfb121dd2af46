import fs from 'node:fs';
import type { Command } from 'commander';
import type { CreatePasteBody } from '@pastebox/contract/schemas/paste';
import { pasteDetail } from '@pastebox/contract/schemas/paste';
import { PasteboxApi } from '../api';
import { currentLogin } from '../config';
import { sealText } from '../e2e';
import { usageError } from '../errors';
import { shareLink } from '../links';
import { printJson, printResult } from '../output';
import { expiryHours, maxViews, slugOf, type ShareFlags } from '../share-options';

interface PasteFlags extends ShareFlags {
  markdown?: boolean;
  encrypt?: boolean;
  encryptPassword?: string;
  json?: boolean;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The text to share: the file named, or stdin when it is not a terminal. */
async function contentOf(file: string | undefined): Promise<string> {
  if (file !== undefined && file !== '-') {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      throw usageError(`Cannot read ${file}`);
    }
  }
  if (process.stdin.isTTY) {
    throw usageError('Nothing to paste: pipe text in (echo hi | pastebox paste) or name a file');
  }
  return readAll(process.stdin);
}

/** The flags as POST /api/paste names them (camelCase, an instant for the expiry). */
function pasteBody(content: string, flags: PasteFlags): CreatePasteBody {
  const hours = expiryHours(flags.expires);
  return {
    content,
    slug: slugOf(flags.slug),
    password: flags.password || null,
    remark: flags.remark || null,
    expiresAt: hours === null ? null : new Date(Date.now() + hours * 3_600_000).toISOString(),
    maxViews: maxViews(flags.views),
    format: flags.markdown ? 'markdown' : 'text',
  };
}

async function paste(file: string | undefined, flags: PasteFlags): Promise<void> {
  const body = pasteBody(await contentOf(file), flags);
  if (body.content.trim() === '') {
    throw usageError('Nothing to paste: the text is empty');
  }
  if (flags.encryptPassword && !flags.encrypt) {
    throw usageError('--encrypt-password goes with --encrypt');
  }
  const { baseUrl, key } = currentLogin();
  // Sealed before anything is sent: only the blob leaves this machine (issue 35).
  const sealed = flags.encrypt ? await sealText(body.content, flags.encryptPassword) : null;
  const toSend = sealed ? { ...body, content: sealed.content, encrypted: true } : body;
  const created = await new PasteboxApi(baseUrl, key).post('/paste', pasteDetail, toSend);
  const link = `${shareLink(baseUrl, 'paste', created.slug)}${sealed?.fragment ?? ''}`;
  if (flags.json) {
    printJson({ ...created, link });
  } else {
    printResult(link);
  }
}

export function registerPaste(program: Command): void {
  program
    .command('paste')
    .description('share text from stdin (or a file) and print its link')
    .argument('[file]', 'a text file to share instead of stdin')
    .option('-s, --slug <slug>', 'the link suffix (random when not given)')
    .option('-p, --password <password>', 'protect the share with a password')
    .option('-e, --expires <duration>', 'expire after 1h, 1d, 7d, 30d… (or never)')
    .option('--views <count>', 'open at most this many times (0 = unlimited)')
    .option('-r, --remark <text>', 'a note shown with the share')
    .option('-m, --markdown', 'render the text as Markdown (plain text by default)')
    .option('--encrypt', 'end-to-end encrypt: the key is only in the printed link (#k=…)')
    .option('--encrypt-password <password>', 'with --encrypt: also needed to decrypt')
    .option('--json', "print the server's answer as JSON (with its link)")
    .action((file: string | undefined, flags: PasteFlags) => paste(file, flags));
}
