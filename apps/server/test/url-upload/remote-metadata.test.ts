import { describe, expect, it } from 'vitest';
import {
  filenameFromContentDisposition,
  filenameFromPath,
  mimetypeOf,
} from '@/modules/url-upload/remote-metadata';

describe('remote file names and types', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`, '报告.pdf'],
    [`attachment; filename="old.pdf"; filename*=utf-8''new%20%C3%A9.pdf`, 'new é.pdf'],
    [`attachment; filename*=iso-8859-1'en'caf%E9.txt`, 'café.txt'],
    ['attachment; filename="a \\"quoted\\" name.txt"', 'a "quoted" name.txt'],
    ['inline; filename=plain.txt; size=3', 'plain.txt'],
    // Raw UTF-8 bytes in a plain filename arrive as latin1 and are repaired.
    [`attachment; filename="${Buffer.from('简历.doc').toString('latin1')}"`, '简历.doc'],
    ['attachment', null],
  ])('reads %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });

  it('takes the last path segment, percent-decoded', () => {
    expect(filenameFromPath(new URL('https://x.test/a/b/%E4%BD%A0%E5%A5%BD.txt?q=1'))).toBe(
      '你好.txt',
    );
    expect(filenameFromPath(new URL('https://x.test/a/%E4%BD'))).toBe('%E4%BD');
    expect(filenameFromPath(new URL('https://x.test/'))).toBe('');
  });

  it('keeps only a well-formed media type', () => {
    expect(mimetypeOf('Text/HTML; charset=utf-8')).toBe('text/html');
    expect(mimetypeOf(undefined)).toBe('application/octet-stream');
    expect(mimetypeOf('nonsense')).toBe('application/octet-stream');
  });
});
