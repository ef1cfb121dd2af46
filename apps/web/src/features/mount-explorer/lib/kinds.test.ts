import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n } from '@/lib/i18n';
import { fileKindOf } from './kinds';

describe('fileKindOf', () => {
  beforeAll(() => {
    initI18n();
  });

  it('names the kind by the type, and the format by the extension', () => {
    expect(fileKindOf('photo.png', 'image/png')).toEqual({ kind: 'image', format: 'PNG' });
    expect(fileKindOf('photo.jpg', 'image/jpeg')).toEqual({ kind: 'image', format: 'JPG' });
    expect(fileKindOf('report.pdf', 'application/pdf')).toEqual({ kind: 'pdf', format: 'PDF' });
    expect(fileKindOf('song.mp3', 'audio/mpeg')).toEqual({ kind: 'audio', format: 'MP3' });
    expect(fileKindOf('notes.txt', 'text/plain; charset=utf-8')).toMatchObject({
      kind: 'plainText',
    });
    expect(fileKindOf('README.md', 'text/markdown')).toMatchObject({ kind: 'markdown' });
    expect(fileKindOf('data.csv', 'text/csv')).toEqual({ kind: 'spreadsheet', format: 'CSV' });
  });

  it('knows office files and archives by type or, when the type says nothing, by name', () => {
    expect(
      fileKindOf(
        'plan.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ).kind,
    ).toBe('word');
    expect(fileKindOf('sheet.xlsx', 'application/octet-stream')).toEqual({
      kind: 'spreadsheet',
      format: 'XLSX',
    });
    expect(fileKindOf('backup.tar.gz', 'application/gzip')).toEqual({
      kind: 'archive',
      format: 'GZ',
    });
  });

  it('falls back to the subtype without an extension, and to "file" with nothing at all', () => {
    expect(fileKindOf('picture', 'image/svg+xml')).toEqual({ kind: 'image', format: 'SVG' });
    expect(fileKindOf('movie', 'video/quicktime')).toEqual({ kind: 'video', format: 'MOV' });
    expect(fileKindOf('config.json', 'application/json')).toEqual({
      kind: 'typed',
      format: 'JSON',
    });
    expect(fileKindOf('blob', 'application/octet-stream')).toEqual({ kind: 'file', format: '' });
    expect(fileKindOf('blob', null)).toEqual({ kind: 'file', format: '' });
    expect(fileKindOf('report.final version', null)).toEqual({ kind: 'file', format: '' });
  });

  it('reads as words in both languages', async () => {
    const say = (name: string, type: string | null) => {
      const { kind, format } = fileKindOf(name, type);
      return i18n.t(`explorer.kinds.${kind}`, { format });
    };
    await i18n.changeLanguage('en-US');
    expect(say('a.png', 'image/png')).toBe('PNG image');
    expect(say('a.pdf', 'application/pdf')).toBe('PDF document');
    expect(say('a.json', 'application/json')).toBe('JSON file');
    await i18n.changeLanguage('zh-CN');
    expect(say('a.png', 'image/png')).toBe('PNG 图片');
    expect(say('a.pdf', 'application/pdf')).toBe('PDF 文档');
    expect(say('a.zip', 'application/zip')).toBe('ZIP 压缩包');
    await i18n.changeLanguage('en-US');
  });
});
