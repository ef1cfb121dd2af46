import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../api-client';
import i18n, { initI18n } from '../i18n';
import { UploadError } from './errors';
import { uploadErrorMessage } from './upload-error-message';

describe('uploadErrorMessage', () => {
  beforeAll(() => {
    initI18n();
  });

  it('words part failures with the part number and status in both languages', async () => {
    await i18n.changeLanguage('en-US');
    const t = i18n.t.bind(i18n);
    expect(uploadErrorMessage(t, new UploadError('partHttp', { part: 3, status: 503 }))).toBe(
      'Part 3 failed with HTTP 503',
    );
    expect(uploadErrorMessage(t, new UploadError('partNetwork', { part: 2 }))).toBe(
      'Part 2: network error',
    );
    expect(uploadErrorMessage(t, new UploadError('cancelled'))).toBe('Upload cancelled');
    await i18n.changeLanguage('zh-CN');
    expect(
      uploadErrorMessage(i18n.t.bind(i18n), new UploadError('partHttp', { part: 3, status: 503 })),
    ).toBe('分片 3 上传失败，HTTP 503');
  });

  it('shows file size, remaining space and capacity for a quota refusal', async () => {
    await i18n.changeLanguage('en-US');
    const error = new AppError(507, 'INSUFFICIENT_STORAGE', 'Not enough storage', [
      { path: 'file_size', message: String(3 * 1024 * 1024) },
      { path: 'remaining', message: String(1024 * 1024) },
      { path: 'total_capacity', message: String(10 * 1024 * 1024) },
    ]);
    expect(uploadErrorMessage(i18n.t.bind(i18n), error)).toBe(
      'Not enough storage space: file size 3 MiB, remaining space 1 MiB, total capacity 10 MiB',
    );
  });

  it('falls back to the shared API error messages', async () => {
    await i18n.changeLanguage('en-US');
    expect(uploadErrorMessage(i18n.t.bind(i18n), new AppError(409, 'SLUG_TAKEN', 'x'))).toBe(
      'Link suffix already taken, try another',
    );
    expect(
      uploadErrorMessage(i18n.t.bind(i18n), new UploadError('tooLarge', { size: 2048, max: 1024 })),
    ).toBe('The file (2 KiB) is larger than the maximum upload size (1 KiB)');
  });
});
