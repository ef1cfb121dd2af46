import { describe, expect, it } from 'vitest';
import { explorerBase, redirectFor } from './explorer-paths';

const member = (basic_path: string, mount = true) => ({
  authType: 'member' as const,
  keyInfo: null,
  member: { id: 'm1', username: 'ada', display_name: null, basic_path },
  permissions: { text: false, file: false, mount },
});

describe('the explorer of a member (issue 32)', () => {
  it('starts at the base path and sends the member back to it from outside, as a key', () => {
    expect(explorerBase(member('/team/'))).toBe('/team');
    expect(redirectFor(member('/team'), '/')).toBe('/team');
    expect(redirectFor(member('/team'), '/team-b')).toBe('/team');
    expect(redirectFor(member('/team'), '/team/docs')).toBeNull();
    expect(redirectFor(member('/'), '/anything')).toBeNull();
  });

  it('redirects nobody without mount permission (the page explains instead)', () => {
    expect(redirectFor(member('/team', false), '/')).toBeNull();
  });
});
