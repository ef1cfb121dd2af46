import { describe, expect, it } from 'vitest';
import { allowedModules, landingModule } from './modules';

const ids = (list: { id: string }[]) => list.map((module) => module.id);

describe('the panel of a member (issue 32)', () => {
  it('holds the modules its permissions open, as a key, plus Account', () => {
    const modules = allowedModules('member', { text: true, file: false, mount: true });
    expect(ids(modules)).toEqual(['text-management', 'mount-management', 'account']);
    expect(landingModule('member', modules)).toBe('text-management');
  });

  it('still opens on Account when it holds no permission', () => {
    const modules = allowedModules('member', { text: false, file: false, mount: false });
    expect(ids(modules)).toEqual(['account']);
    expect(landingModule('member', modules)).toBe('account');
  });

  it('offers Account to the admin and never to an API key', () => {
    expect(ids(allowedModules('admin', { text: true, file: true, mount: true }))).toContain(
      'account',
    );
    expect(ids(allowedModules('apikey', { text: true, file: true, mount: true }))).not.toContain(
      'account',
    );
  });
});
