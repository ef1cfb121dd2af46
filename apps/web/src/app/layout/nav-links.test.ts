import { describe, expect, it } from 'vitest';
import { NAV_LINKS, navLabelKey } from './nav-links';

const labels = (authType: 'none' | 'admin' | 'apikey') =>
  NAV_LINKS.map((link) => navLabelKey(link, authType));

describe('header link labels', () => {
  it('name the panel link as the panel is titled: Admin for the admin, User for a key', () => {
    expect(labels('admin')).toEqual(['nav.home', 'nav.upload', 'nav.mountExplorer', 'nav.admin']);
    expect(labels('none')).toEqual(labels('admin'));
    expect(labels('apikey')).toEqual([
      'nav.home',
      'nav.upload',
      'nav.mountExplorer',
      'adminPolish.userNav',
    ]);
  });
});
