import { describe, expect, it } from 'vitest';
import {
  crumbsOf,
  explorerBase,
  explorerUrl,
  folderOfPathname,
  redirectFor,
} from './explorer-paths';

const key = (basic_path: string, mount = true) => ({
  authType: 'apikey' as const,
  keyInfo: { id: 'k1', name: 'robot', basic_path },
  permissions: { text: false, file: false, mount },
});

describe('explorer addresses', () => {
  it('puts the folder in the path and the previewed file in ?preview=', () => {
    expect(explorerUrl('/')).toBe('/mount-explorer');
    expect(explorerUrl('/team/docs')).toBe('/mount-explorer/team/docs');
    expect(explorerUrl('/team', 'a b.md')).toBe('/mount-explorer/team?preview=a+b.md');
  });

  it('round-trips names with characters that mean something in a URL', () => {
    for (const folder of ['/team/50% off', '/a/#1 ?x', '/照片/2024 年', '/x/a+b&c=d']) {
      const url = new URL(explorerUrl(folder, 'q?&#.txt'), 'http://localhost');
      expect(folderOfPathname(url.pathname)).toBe(folder);
      expect(url.searchParams.get('preview')).toBe('q?&#.txt');
    }
  });

  it('reads the root and ignores repeated and trailing slashes', () => {
    expect(folderOfPathname('/mount-explorer')).toBe('/');
    expect(folderOfPathname('/mount-explorer/')).toBe('/');
    expect(folderOfPathname('/mount-explorer//team///docs/')).toBe('/team/docs');
  });

  it('refuses addresses that do not name a folder', () => {
    expect(folderOfPathname('/mount-explorer/team/..')).toBeNull();
    expect(folderOfPathname('/mount-explorer/team/%2e%2e')).toBeNull();
    expect(folderOfPathname('/mount-explorer/a%2Fb')).toBeNull();
    expect(folderOfPathname('/mount-explorer/bad%E0%A4%A')).toBeNull();
    expect(folderOfPathname('/mount-explorer/nul%00')).toBeNull();
  });
});

describe('crumbsOf', () => {
  it('starts at "All mounts" for the admin, one crumb per folder below', () => {
    expect(crumbsOf('/team/docs', '/', 'All mounts')).toEqual([
      { label: 'All mounts', path: '/' },
      { label: 'team', path: '/team' },
      { label: 'docs', path: '/team/docs' },
    ]);
    expect(crumbsOf('/', '/', 'All mounts')).toEqual([{ label: 'All mounts', path: '/' }]);
  });

  it('starts at the base path for a key user, never above it', () => {
    expect(crumbsOf('/team/docs/2024', '/team/docs', 'All mounts')).toEqual([
      { label: '/team/docs', path: '/team/docs' },
      { label: '2024', path: '/team/docs/2024' },
    ]);
  });
});

describe('the key user redirect (SPEC §6)', () => {
  it('leaves the admin anywhere', () => {
    const admin = { authType: 'admin' as const, keyInfo: null, permissions: key('/').permissions };
    expect(redirectFor(admin, '/')).toBeNull();
    expect(redirectFor(admin, '/elsewhere')).toBeNull();
    expect(explorerBase(admin)).toBe('/');
  });

  it('sends a key outside its base path to the base path', () => {
    expect(redirectFor(key('/team'), '/')).toBe('/team');
    expect(redirectFor(key('/team'), '/other')).toBe('/team');
    // A sibling that starts with the same letters is outside (/team does not grant /team-b).
    expect(redirectFor(key('/team'), '/team-b')).toBe('/team');
    expect(redirectFor(key('/team/docs/'), '/team')).toBe('/team/docs');
  });

  it('lets a key stay at its base path and below; base / allows all', () => {
    expect(redirectFor(key('/team'), '/team')).toBeNull();
    expect(redirectFor(key('/team'), '/team/docs/2024')).toBeNull();
    expect(redirectFor(key('/'), '/anything')).toBeNull();
    expect(explorerBase(key('/team/docs/'))).toBe('/team/docs');
  });

  it('does not redirect a key without mount permission (it gets a notice instead)', () => {
    expect(redirectFor(key('/team', false), '/')).toBeNull();
  });
});
