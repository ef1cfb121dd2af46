import { describe, expect, it } from 'vitest';
import { RESUME_STORAGE_KEY, fileFingerprint, resumeStore } from './resume-store';

const record = { fileId: 'f1', uploadId: 'u1', size: 42, savedAt: 1_000_000 };

describe('resumeStore', () => {
  it('keys a file by name, size and modification time', () => {
    const file = new File(['abc'], 'movie.mp4', { lastModified: 1234 });
    expect(fileFingerprint(file)).toBe('movie.mp4:3:1234');
  });

  it('keeps a session across reads and forgets it when removed', () => {
    resumeStore.save('a:42:1', record);
    expect(resumeStore.get('a:42:1', record.savedAt + 1000)).toEqual(record);
    expect(resumeStore.get('other', record.savedAt)).toBeNull();
    resumeStore.remove('a:42:1', record.savedAt);
    expect(resumeStore.get('a:42:1', record.savedAt)).toBeNull();
    expect(window.localStorage.getItem(RESUME_STORAGE_KEY)).toBeNull();
  });

  it('forgets sessions older than a day (the server has swept them)', () => {
    resumeStore.save('a:42:1', record);
    expect(resumeStore.get('a:42:1', record.savedAt + 25 * 60 * 60 * 1000)).toBeNull();
  });

  it('survives garbage in storage', () => {
    window.localStorage.setItem(RESUME_STORAGE_KEY, '{not json');
    expect(resumeStore.get('a:42:1')).toBeNull();
    resumeStore.save('a:42:1', record);
    expect(resumeStore.get('a:42:1', record.savedAt)).toEqual(record);
  });
});
