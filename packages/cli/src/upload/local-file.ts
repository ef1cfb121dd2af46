import fs from 'node:fs';
import path from 'node:path';
import { usageError } from '../errors';
import type { LocalFile } from './resume-state';

/** Common types by extension; anything else goes as application/octet-stream. */
const TYPES: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  json: 'application/json',
  xml: 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** A file named on the command line, checked to be a readable regular file. */
export interface FileToSend extends LocalFile {
  /** The name the share gets: the file's base name. */
  name: string;
  mimetype: string;
}

export function fileToSend(argument: string): FileToSend {
  const absolute = path.resolve(argument);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch {
    throw usageError(`No such file: ${argument}`);
  }
  if (!stat.isFile()) {
    throw usageError(`Not a file: ${argument}`);
  }
  const name = path.basename(absolute);
  const extension = path.extname(name).slice(1).toLowerCase();
  return {
    path: absolute,
    size: stat.size,
    modified: stat.mtimeMs,
    name,
    mimetype: TYPES[extension] ?? 'application/octet-stream',
  };
}
