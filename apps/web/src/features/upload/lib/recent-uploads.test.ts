import { describe, expect, it } from 'vitest';
import {
  RECENT_UPLOADS_KEY,
  clearRecentUploads,
  readRecentUploads,
  rememberUpload,
} from './recent-uploads';

const upload = (slug: string) => ({
  slug,
  filename: `${slug}.txt`,
  size: 1,
  uploadedAt: '2025-01-01T00:00:00.000Z',
});

describe('recent uploads', () => {
  it('keeps the latest 3, newest first', () => {
    ['a', 'b', 'c', 'd'].forEach((slug) => rememberUpload(upload(slug)));
    expect(readRecentUploads().map((u) => u.slug)).toEqual(['d', 'c', 'b']);
  });

  it('moves a slug uploaded again to the front instead of listing it twice', () => {
    ['a', 'b', 'a'].forEach((slug) => rememberUpload(upload(slug)));
    expect(readRecentUploads().map((u) => u.slug)).toEqual(['a', 'b']);
  });

  it('clears, and ignores garbage in storage', () => {
    rememberUpload(upload('a'));
    clearRecentUploads();
    expect(readRecentUploads()).toEqual([]);
    window.localStorage.setItem(RECENT_UPLOADS_KEY, '{"not":"a list"}');
    expect(readRecentUploads()).toEqual([]);
  });
});
