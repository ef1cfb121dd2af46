import path from 'node:path';
import type { Journey, PageOptions } from './journey';
import { gradientPng } from './png';

/**
 * The mount explorer's journeys (explorer-browse, explorer-manage) on the same two mounts,
 * each file on a server of its own: what they put in, and how they look at the mounts'
 * files through the API. explorer-move mounts its own pair the same way.
 */

/** The mounts' files as the admin sees them through the API. */
export function mountFiles(journey: Journey) {
  return {
    /** Uploads `bytes` to `filePath` (its folder must exist); throws unless it worked. */
    upload: async (filePath: string, bytes: Buffer, type: string): Promise<void> => {
      const form = new FormData();
      form.append('path', filePath);
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), path.basename(filePath));
      const res = await fetch(`${journey.server.baseUrl}/api/admin/fs/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${journey.token}` },
        body: form,
      });
      if (!res.ok) {
        throw new Error(`upload ${filePath}: ${res.status} ${await res.text()}`);
      }
    },
    /** The names in `folder`, sorted. */
    names: async (folder: string): Promise<string[]> => {
      const listing = await journey.call<{ items: { name: string }[] }>(
        'GET',
        `/admin/fs/list?path=${encodeURIComponent(folder)}`,
      );
      return listing.items.map((item) => item.name).sort();
    },
    /** A file's content, as text. */
    fileText: async (filePath: string): Promise<string> => {
      const res = await fetch(
        `${journey.server.baseUrl}/api/admin/fs/download?path=${encodeURIComponent(filePath)}`,
        { headers: { authorization: `Bearer ${journey.token}` } },
      );
      return res.text();
    },
  };
}

/** A mount to make: on the server's default storage, or on a new local disk of its own. */
export interface MountSpec {
  name: string;
  path: string;
  disk?: { name: string; root: string };
}

/**
 * Mounts in this sort order (a mount shows its storage config's whole root, so each one
 * that must not show another's files gets a `disk`).
 */
export async function mountOnDisks(journey: Journey, mounts: MountSpec[]): Promise<void> {
  const configs = await journey.call<{ id: string; is_default: boolean }[]>('GET', '/s3-configs');
  const defaultId = (configs.find((config) => config.is_default) ?? configs[0])?.id;
  const storageIds: (string | undefined)[] = [];
  for (const { disk } of mounts) {
    const created = disk
      ? await journey.call<{ id: string }>('POST', '/s3-configs', {
          name: disk.name,
          provider_type: 'local',
          root_path: disk.root,
        })
      : undefined;
    storageIds.push(created?.id ?? defaultId);
  }
  for (const [order, mount] of mounts.entries()) {
    await journey.call('POST', '/admin/mounts', {
      name: mount.name,
      mount_path: mount.path,
      storage_config_id: storageIds[order],
      sort_order: order,
      cache_ttl: 300,
    });
  }
}

/**
 * Two mounts, each on a disk of its own (a mount shows its storage config's whole root):
 * /team (readme.md, notes.txt, docs/plan.txt, docs/budget.csv, archive/, photo.png) and
 * /photos (sunset.png). `drafts` adds what the browse journey leaves in /team, a folder
 * `reports` and `todo.md`, for the journeys that go on from there.
 */
export async function seedExplorer(journey: Journey, { drafts = false } = {}): Promise<void> {
  await mountOnDisks(journey, [
    { name: 'Team', path: '/team' },
    { name: 'Photos', path: '/photos', disk: { name: 'Photo disk', root: 'photo-disk' } },
  ]);
  const write = (filePath: string, content: string) =>
    journey.call('POST', '/admin/fs/update', { path: filePath, content });
  await write(
    '/team/readme.md',
    '# Team handbook\n\n- **Be kind**\n- Ship small\n\n```ts\nconst answer = 42;\n```\n',
  );
  await write('/team/notes.txt', 'first notes\n');
  await write('/team/docs/plan.txt', 'the plan\n');
  await write('/team/docs/budget.csv', 'item,cost\ncoffee,12\n');
  await journey.call('POST', '/admin/fs/mkdir', { path: '/team/archive' });
  const { upload } = mountFiles(journey);
  await upload('/team/photo.png', gradientPng(320, 200), 'image/png');
  await upload('/photos/sunset.png', gradientPng(240, 160), 'image/png');
  if (drafts) {
    await journey.call('POST', '/admin/fs/mkdir', { path: '/team/reports' });
    await write('/team/todo.md', '# Todo\n\n- write the explorer');
  }
}

/** The explorer at `where` (English, light) for the admin unless told whom, and its table. */
export async function openExplorer(journey: Journey, where: string, options: PageOptions = {}) {
  // Console errors, page errors and 4xx/5xx answers fail the journey through the shared
  // watch of newContext (support/clean-console.ts).
  const { context, page } = await journey.open(where, {
    language: 'en-US',
    theme: 'light',
    ...options,
  });
  const table = page.getByRole('table', { name: 'Files and folders' });
  return { context, page, table };
}
