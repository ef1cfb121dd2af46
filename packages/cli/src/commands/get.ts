import type { Command } from 'commander';
import { publicBundle } from '@pastebox/contract/schemas/bundle';
import { publicFile } from '@pastebox/contract/schemas/file';
import { pasteView } from '@pastebox/contract/schemas/paste';
import { PasteboxApi } from '../api';
import { normaliseServerUrl, optionalLogin } from '../config';
import { download, downloadTarget, writeTextFile } from '../download';
import { needsPassword, openText } from '../e2e';
import { CliError, EXIT, usageError } from '../errors';
import { parseShareLink, shareLink, type ShareKind, type ShareRef } from '../links';
import { printJson, printResult } from '../output';
import { askSecret } from '../prompt';

interface GetFlags {
  output?: string;
  password?: string;
  encryptPassword?: string;
  force?: boolean;
  json?: boolean;
}

const NOT_FOUND_KEYS = new Set(['PASTE_NOT_FOUND', 'FILE_NOT_FOUND', 'BUNDLE_NOT_FOUND']);

function encryptedShare(): CliError {
  return new CliError(
    'This file is end-to-end encrypted: open its whole link (with #k=…) in a browser',
    EXIT.usage,
  );
}

/** The password of a protected share: --password, else asked on the terminal. */
function passwordFor(flags: GetFlags): Promise<string> {
  return flags.password !== undefined
    ? Promise.resolve(flags.password)
    : askSecret('Password: ', '--password', EXIT.wrongPassword);
}

/** An encrypted paste's text, opened with the link's key (and the encryption password). */
async function decryptedText(content: string, key: Uint8Array | null, flags: GetFlags) {
  if (!key) {
    throw new CliError(
      'This share is end-to-end encrypted: give its whole link, with #k=…',
      EXIT.usage,
    );
  }
  const password =
    needsPassword(content) && flags.encryptPassword === undefined
      ? await askSecret('Encryption password: ', '--encrypt-password', EXIT.wrongPassword)
      : flags.encryptPassword;
  return openText(content, key, password);
}

/** A paste: its text to stdout (or -o FILE). */
async function getPaste(api: PasteboxApi, ref: ShareRef, flags: GetFlags): Promise<void> {
  const path = `/paste/${encodeURIComponent(ref.slug)}`;
  let view = await api.get(path, pasteView);
  if (view.content === undefined) {
    const password = await passwordFor(flags);
    view = await api.post(path, pasteView, { password });
  }
  const served = view.content ?? '';
  const content = view.encrypted ? await decryptedText(served, ref.fragmentKey, flags) : served;
  if (flags.json) {
    printJson({ ...view, content, link: shareLink(api.baseUrl, 'paste', view.slug) });
  } else if (flags.output && flags.output !== '-') {
    writeTextFile(flags.output, content, flags.force === true);
    printResult(flags.output);
  } else {
    process.stdout.write(content);
  }
}

/** A file share: downloaded under its name (or -o FILE, or -o - for stdout). */
async function getFile(api: PasteboxApi, ref: ShareRef, flags: GetFlags): Promise<void> {
  const path = `/public/files/${encodeURIComponent(ref.slug)}`;
  let file = await api.get(path, publicFile);
  if (file.encrypted) {
    throw encryptedShare();
  }
  if (!file.downloadUrl) {
    const password = await passwordFor(flags);
    file = await api.post(`${path}/verify`, publicFile, { password });
  }
  if (!file.downloadUrl) {
    throw new CliError('The server gave no download link', EXIT.failure);
  }
  const target = downloadTarget(flags.output, file.filename);
  await download(api, file.downloadUrl, target, { size: file.size, overwrite: flags.force });
  if (flags.json) {
    printJson({ ...file, saved_to: target === '-' ? null : target });
  } else if (target !== '-') {
    printResult(target);
  }
}

/** A bundle: its files as one ZIP, named after the slug (or -o FILE). */
async function getBundle(api: PasteboxApi, ref: ShareRef, flags: GetFlags): Promise<void> {
  const path = `/public/bundles/${encodeURIComponent(ref.slug)}`;
  let bundle = await api.get(path, publicBundle);
  if (!bundle.zipUrl) {
    const password = await passwordFor(flags);
    bundle = await api.post(`${path}/verify`, publicBundle, { password });
  }
  if (!bundle.zipUrl) {
    throw new CliError('The server gave no download link', EXIT.failure);
  }
  const target = downloadTarget(flags.output, `${bundle.slug}.zip`);
  await download(api, bundle.zipUrl, target, { overwrite: flags.force });
  if (flags.json) {
    printJson({ ...bundle, saved_to: target === '-' ? null : target });
  } else if (target !== '-') {
    printResult(target);
  }
}

const GETTERS: Record<ShareKind, typeof getPaste> = {
  paste: getPaste,
  file: getFile,
  bundle: getBundle,
};

async function get(link: string, flags: GetFlags): Promise<void> {
  const ref = parseShareLink(link);
  const login = optionalLogin();
  const baseUrl = ref.baseUrl ?? login?.baseUrl;
  if (!baseUrl) {
    throw usageError('A bare slug needs a server: give the whole link, or log in first');
  }
  // The key goes only to its own server; there the owner reads without spending a view.
  const sameServer = login !== null && normaliseServerUrl(baseUrl) === login.baseUrl;
  const api = new PasteboxApi(normaliseServerUrl(baseUrl), sameServer ? login.key : undefined);
  const kinds: ShareKind[] = ref.kind ? [ref.kind] : ['paste', 'file', 'bundle'];
  for (const [index, kind] of kinds.entries()) {
    try {
      await GETTERS[kind](api, ref, flags);
      return;
    } catch (error) {
      const another = index < kinds.length - 1;
      const missing = error instanceof CliError && NOT_FOUND_KEYS.has(error.key ?? '');
      if (!another || !missing) {
        throw error;
      }
    }
  }
}

export function registerGet(program: Command): void {
  program
    .command('get')
    .description('download a share: a paste to stdout, a file under its name, a bundle as ZIP')
    .argument('<link>', 'the share link (…/paste/…, …/file/…, …/b/…) or a bare slug')
    .option('-o, --output <file>', 'write to this file (- for stdout)')
    .option('-p, --password <password>', 'the share password (else asked on the terminal)')
    .option('--encrypt-password <password>', 'the encryption password of an encrypted paste')
    .option('-f, --force', 'overwrite an existing file')
    .option('--json', "print the server's answer as JSON")
    .action((link: string, flags: GetFlags) => get(link, flags));
}
