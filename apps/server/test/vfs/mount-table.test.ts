import { describe, expect, it } from 'vitest';
import { MountTable } from '@/vfs/mount-table';
import type { MountRecord } from '@/vfs/types';

function mount(mountPath: string, extra: Partial<MountRecord> = {}): MountRecord {
  return {
    id: `id${mountPath}`,
    name: mountPath,
    storageType: 'local',
    storageConfigId: 'config',
    mountPath,
    isActive: true,
    sortOrder: 0,
    cacheTtl: 0,
    cacheEpoch: 0,
    ...extra,
  };
}

describe('MountTable', () => {
  const table = new MountTable([
    mount('/photos', { sortOrder: 2 }),
    mount('/team/docs', { sortOrder: 1 }),
    mount('/team/media', { sortOrder: 3 }),
    mount('/team-b', { sortOrder: 0 }),
    mount('/off', { isActive: false }),
  ]);

  it('places a path in its mount with the object key below the mount point', () => {
    expect(table.place('/photos')).toMatchObject({ kind: 'mount', key: '' });
    expect(table.place('/photos/2024/a.jpg')).toMatchObject({
      kind: 'mount',
      key: '2024/a.jpg',
      mount: { mountPath: '/photos' },
    });
    expect(table.place('/team/docs/x')).toMatchObject({ kind: 'mount', key: 'x' });
  });

  it('knows the folders above mounts, and that nothing else exists', () => {
    expect(table.place('/')).toEqual({ kind: 'virtual' });
    expect(table.place('/team')).toEqual({ kind: 'virtual' });
    expect(table.place('/team/other')).toEqual({ kind: 'none' });
    expect(table.place('/photosx')).toEqual({ kind: 'none' });
    expect(table.place('/tea')).toEqual({ kind: 'none' });
  });

  it('has a root even before the first mount: an empty folder, not a missing one', () => {
    const empty = new MountTable([mount('/off', { isActive: false })]);
    expect(empty.place('/')).toEqual({ kind: 'virtual' });
    expect(empty.childrenOf('/')).toEqual([]);
    expect(empty.place('/off')).toEqual({ kind: 'none' });
  });

  it('does not see an inactive mount', () => {
    expect(table.place('/off')).toEqual({ kind: 'none' });
    expect(table.place('/off/a.txt')).toEqual({ kind: 'none' });
    expect(table.childrenOf('/').map((child) => child.name)).not.toContain('off');
  });

  it('lists the children of a virtual folder in sort order', () => {
    const root = table.childrenOf('/');
    expect(root.map((child) => [child.name, child.mount?.mountPath ?? null])).toEqual([
      ['team-b', '/team-b'],
      ['team', null],
      ['photos', '/photos'],
    ]);
    expect(table.childrenOf('/team').map((child) => child.path)).toEqual([
      '/team/docs',
      '/team/media',
    ]);
  });
});
