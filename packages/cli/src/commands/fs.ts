import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { fsListing, fsWriteResult } from '@pastebox/contract/schemas/fs';
import { PasteboxApi } from '../api';
import { currentLogin } from '../config';
import { download, downloadTarget } from '../download';
import { formatBytes, note, printJson, printResult } from '../output';
import { fileToSend } from '../upload/local-file';

interface JsonFlag {
  json?: boolean;
}

function keyApi(): PasteboxApi {
  const { baseUrl, key } = currentLogin();
  return new PasteboxApi(baseUrl, key);
}

/** Where the web app's mount explorer shows a path (SPEC §2), for a person to open. */
function explorerLink(baseUrl: string, virtualPath: string, isFile: boolean): string {
  const encode = (value: string) => value.split('/').map(encodeURIComponent).join('/');
  if (!isFile) {
    return `${baseUrl}/mount-explorer${encode(virtualPath)}`;
  }
  const folder = path.posix.dirname(virtualPath);
  const shown = folder === '/' ? '' : encode(folder);
  return `${baseUrl}/mount-explorer${shown}?preview=${encodeURIComponent(path.posix.basename(virtualPath))}`;
}

/** `fs ls PATH`: a folder of the mounts (SPEC §7 GET …/fs/list), folders marked with /. */
async function listFolder(remote: string, flags: JsonFlag): Promise<void> {
  const api = keyApi();
  const listing = await api.get('/user/fs/list', fsListing, { path: remote });
  if (flags.json) {
    printJson(listing);
    return;
  }
  for (const entry of listing.items) {
    const name = entry.isDirectory ? `${entry.name}/` : entry.name;
    const size = entry.isDirectory ? '-' : formatBytes(entry.size);
    printResult([size, entry.modified ?? '-', name].join('\t'));
  }
}

/**
 * `fs put FILE PATH`: one streamed form (SPEC §7 POST …/fs/upload); the server stores a
 * large file in parts itself. PATH is the file's path, or a folder ending with /.
 */
async function putFile(local: string, remote: string, flags: JsonFlag): Promise<void> {
  const api = keyApi();
  const file = fileToSend(local);
  const form = new FormData();
  form.append('path', remote);
  form.append('file', await fs.openAsBlob(file.path, { type: file.mimetype }), file.name);
  const written = await api.call('POST', '/user/fs/upload', fsWriteResult, { body: form });
  note(`Stored ${formatBytes(written.size)} at ${written.path}`);
  if (flags.json) {
    printJson({ ...written, link: explorerLink(api.baseUrl, written.path, true) });
  } else {
    printResult(explorerLink(api.baseUrl, written.path, true));
  }
}

/** `fs get PATH [-o FILE]`: a file of the mounts, streamed (SPEC §7 GET …/fs/download). */
async function getFile(
  remote: string,
  flags: JsonFlag & { output?: string; force?: boolean },
): Promise<void> {
  const api = keyApi();
  const target = downloadTarget(flags.output, path.posix.basename(remote));
  const url = api.resolve('/api/user/fs/download', { path: remote });
  await download(api, url, target, { overwrite: flags.force });
  if (flags.json) {
    printJson({ path: remote, saved_to: target === '-' ? null : target });
  } else if (target !== '-') {
    printResult(target);
  }
}

export function registerFs(program: Command): void {
  const fsCommand = program
    .command('fs')
    .description("the mounts' file system (needs a key with mount permission)");
  fsCommand
    .command('ls')
    .description('list a folder')
    .argument('[path]', 'the folder, e.g. /team/docs', '/')
    .option('--json', "print the server's answer as JSON")
    .action((remote: string, flags: JsonFlag) => listFolder(remote, flags));
  fsCommand
    .command('put')
    .description('upload a file into a mount (replacing a file of the same path)')
    .argument('<file>', 'the local file')
    .argument('<path>', 'the file path in the mounts, or a folder ending with /')
    .option('--json', "print the server's answer as JSON")
    .action((local: string, remote: string, flags: JsonFlag) => putFile(local, remote, flags));
  fsCommand
    .command('get')
    .description('download a file of the mounts')
    .argument('<path>', 'the file path in the mounts')
    .option('-o, --output <file>', 'write to this file (- for stdout)')
    .option('-f, --force', 'overwrite an existing file')
    .option('--json', 'print { path, saved_to } as JSON')
    .action((remote: string, flags: JsonFlag & { output?: string; force?: boolean }) =>
      getFile(remote, flags),
    );
}
