import { randomBytes } from 'node:crypto';
import type { FileShare, PublicFile } from '@pastebox/contract/schemas/file';
import type { CreateStorageConfigBody } from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageDriver } from '@/storage/driver';
import { passesReservedName } from '@/vfs/listing';
import type { ApiClient } from '../support/api-client';
import { insertMount } from '../support/mounts';
import { driverOf, storageTargets, type StorageTarget } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { finishedTask, startedCopy } from '../tasks/tasks-support';
import { absolute, uploadShare } from '../uploads/builders';
import { basic, davFetch } from '../webdav/dav-support';
import { bytes, downloaded, errorOf, fsCall, listedNames } from './fs-support';
import { createMountKey, storedBytes } from './uploads-support';

/**
 * Issue 29: a mount cannot open a path through `.pastebox-shares` or `.multipart`, but
 * where storage roots overlap it could delete or move one with the folder above it. Here
 * an S3 config with no default folder is mounted over the bucket of a config whose default
 * folder is `pastebox` (its shares at `pastebox/.pastebox-shares/…`), and a local config
 * is mounted whose root holds other local configs' roots. Removing or moving the folder
 * above (fs API, WebDAV) is 403 and touches nothing; a copy of it leaves the shares out.
 */

const PASSWORD = 'share-password-1';
const SECRET = 'the bytes behind a share on an overlapping storage';
const FORBIDDEN = [403, 'PATH_FORBIDDEN'];

/** The API key of a client, as WebDAV takes it (Basic, the key as user and password). */
function davAuthOf(client: ApiClient): string {
  const key = (client.authorization ?? '').replace(/^ApiKey /, '');
  return basic(key, key);
}

async function createConfig(admin: ApiClient, body: CreateStorageConfigBody): Promise<string> {
  const res = await admin.post<{ id: string }>('/api/s3-configs', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** What a set-up leaves: a mount key, and a folder of the mount holding others' objects. */
interface Overlap {
  server: TestServer;
  key: ApiClient;
  /** The mount over the outer storage, and its driver. */
  mountPath: string;
  mountDriver: StorageDriver;
  /** The folder of the mount that holds another config's share. */
  ancestor: string;
  /** The share, its config's driver. */
  share: FileShare;
  shareDriver: StorageDriver;
  /** Folders of the mount holding reserved names with no share: [path, why]. */
  others: [string, string][];
}

/** A share with a password on `configId`, in its `docs` folder. */
function protectedShare(admin: ApiClient, configId: string): Promise<FileShare> {
  return uploadShare(admin, {
    content: SECRET,
    filename: 'a.txt',
    fields: { s3_config_id: configId, password: PASSWORD, path: '/docs' },
  });
}

/** (a) Two S3 configs on one bucket: `pastebox/` holds shares, the other is mounted whole. */
async function s3Overlap(server: TestServer, target: StorageTarget): Promise<Overlap> {
  const admin = await server.admin();
  const sharesBody = await target.configBody();
  const sharesId = await createConfig(admin, sharesBody);
  const wholeId = await createConfig(admin, {
    ...(await target.configBody({ bucket_name: sharesBody.bucket_name })),
    default_folder: '',
  });
  const mountPath = `/m${randomBytes(3).toString('hex')}`;
  await insertMount(server.deps, { mountPath, storageConfigId: wholeId, storageType: 'S3' });
  const share = await protectedShare(admin, sharesId);
  const mountDriver = await driverOf(server, wholeId);
  // Reserved at any depth and in any case, with nothing else of the server's around it.
  await mountDriver.put('deep/a/b/.Pastebox-Shares/x.bin', bytes('not the mount’s'));
  return {
    server,
    key: await createMountKey(server, { basicPath: '/' }),
    mountPath,
    mountDriver,
    ancestor: `${mountPath}/pastebox`,
    share,
    shareDriver: await driverOf(server, sharesId),
    others: [[`${mountPath}/deep`, 'a share folder four levels down, in capitals']],
  };
}

/**
 * (b) Local configs whose roots lie inside the mounted one's: `outer/inner` holds shares,
 * `busy` a multipart upload in progress (its `.multipart` folder).
 */
async function localOverlap(server: TestServer, target: StorageTarget): Promise<Overlap> {
  const admin = await server.admin();
  const outerBody = await target.configBody();
  const outerId = await createConfig(admin, outerBody);
  const root = outerBody.root_path ?? '';
  const innerId = await createConfig(admin, {
    ...(await target.configBody()),
    root_path: `${root}/outer/inner`,
  });
  const busyId = await createConfig(admin, {
    ...(await target.configBody()),
    root_path: `${root}/busy`,
  });
  const mountPath = `/m${randomBytes(3).toString('hex')}`;
  await insertMount(server.deps, { mountPath, storageConfigId: outerId, storageType: 'local' });
  const share = await protectedShare(admin, innerId);
  const busyDriver = await driverOf(server, busyId);
  await busyDriver.createMultipart('big.bin');
  await busyDriver.put('mine.txt', bytes('a file of the busy storage'));
  return {
    server,
    key: await createMountKey(server, { basicPath: '/' }),
    mountPath,
    mountDriver: await driverOf(server, outerId),
    ancestor: `${mountPath}/outer`,
    share,
    shareDriver: await driverOf(server, innerId),
    others: [[`${mountPath}/busy`, "another storage's .multipart uploads"]],
  };
}

/** The bytes a visitor of the share downloads with its password. */
async function downloadShare(server: TestServer, slug: string): Promise<string> {
  const verified = await server.anon.post<PublicFile>(`/api/public/files/${slug}/verify`, {
    password: PASSWORD,
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const res = await fetch(absolute(server, verified.body.data.downloadUrl ?? ''));
  expect(res.status).toBe(200);
  return res.text();
}

/** Every key of a driver below a folder key. */
async function keysUnder(driver: StorageDriver, folderKey: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await driver.list(`${folderKey}/`, { cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.cursor;
  } while (cursor);
  return keys;
}

const setUps: [string, (server: TestServer, target: StorageTarget) => Promise<Overlap>][] = [
  ['two S3 configs on one bucket', s3Overlap],
  ['local roots inside a mounted local root', localOverlap],
];

for (const [name, setUp] of setUps) {
  const target = storageTargets().find((t) => t.name === (name.includes('S3') ? 'swift' : 'local'));
  describe(`a folder holding another storage's reserved names [${name}]`, () => {
    let o: Overlap;
    /** The share's object is where it was, and its visitor still downloads it. */
    const shareIsWhole = async () => {
      expect((await storedBytes(o.shareDriver, o.share.storage_path)).toString()).toBe(SECRET);
      expect(await downloadShare(o.server, o.share.slug)).toBe(SECRET);
    };
    /** Each folder of the mount that holds others' objects, and what it holds. */
    const guarded = (): [string, string][] => [
      [o.ancestor, 'a share of another config'],
      ...o.others,
    ];
    /** Another mount, on its own local storage: a MOVE there copies, then removes. */
    const away = '/away';
    beforeAll(async () => {
      const server = await startTestServer();
      o = await setUp(server, target as StorageTarget);
      // A file of the mount's own beside the other storage's objects.
      expect((await fsCall.update(o.key, `${o.ancestor}/mine.txt`, 'mine')).status).toBe(200);
      const local = storageTargets().find((t) => t.name === 'local') as StorageTarget;
      const awayId = await createConfig(await server.admin(), await local.configBody());
      await insertMount(server.deps, { mountPath: away, storageConfigId: awayId });
      // Destinations a MOVE with Overwrite: T would replace.
      for (const occupied of [`${o.mountPath}/occupied`, `${away}/occupied`]) {
        expect((await fsCall.update(o.key, `${occupied}/keep.txt`, 'kept')).status).toBe(200);
      }
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => o.server.close());

    it('fs remove and rename of the folder above are 403 and touch nothing', async () => {
      expect(await listedNames(o.key, o.mountPath)).toContain(o.ancestor.split('/').pop());
      for (const [folder, why] of guarded()) {
        expect(errorOf(await fsCall.remove(o.key, folder)), why).toEqual(FORBIDDEN);
        const moved = `${o.mountPath}/moved-${randomBytes(2).toString('hex')}`;
        expect(errorOf(await fsCall.rename(o.key, folder, moved)), why).toEqual(FORBIDDEN);
        expect((await fsCall.get(o.key, moved)).status).toBe(404);
        const batch = await fsCall.batchRemove(o.key, [folder]);
        expect(
          batch.body.data.failed.map((f) => f.error),
          why,
        ).toEqual(['PATH_FORBIDDEN']);
      }
      // The admin's own file system is refused the same way.
      const admin = await o.server.admin();
      expect(errorOf(await fsCall.remove(admin, o.ancestor))).toEqual(FORBIDDEN);
      expect((await downloaded(o.key, `${o.ancestor}/mine.txt`)).toString()).toBe('mine');
      await shareIsWhole();
    });

    it('WebDAV DELETE and MOVE of the folder above are 403 and touch nothing', async () => {
      const auth = davAuthOf(o.key);
      for (const [folder, why] of guarded()) {
        expect((await davFetch(o.server, 'DELETE', folder, { auth })).status, why).toBe(403);
        const moved = `${o.mountPath}/dav-moved-${randomBytes(2).toString('hex')}`;
        const move = await davFetch(o.server, 'MOVE', folder, {
          auth,
          headers: { Destination: `${o.server.baseUrl}/dav${moved}` },
        });
        expect(move.status, why).toBe(403);
        expect((await fsCall.get(o.key, moved)).status).toBe(404);
        // Across mounts a MOVE copies and then removes: refused before the copy.
        const across = `${away}/moved-${randomBytes(2).toString('hex')}`;
        const acrossMove = await davFetch(o.server, 'MOVE', folder, {
          auth,
          headers: { Destination: `${o.server.baseUrl}/dav${across}` },
        });
        expect(acrossMove.status, why).toBe(403);
        expect((await fsCall.get(o.key, across)).status, why).toBe(404);
        // Onto an existing destination: refused before the destination is removed.
        for (const occupied of [`${o.mountPath}/occupied`, `${away}/occupied`]) {
          const over = await davFetch(o.server, 'MOVE', folder, {
            auth,
            headers: { Destination: `${o.server.baseUrl}/dav${occupied}`, Overwrite: 'T' },
          });
          expect(over.status, `${why} onto ${occupied}`).toBe(403);
          expect((await downloaded(o.key, `${occupied}/keep.txt`)).toString()).toBe('kept');
        }
      }
      expect((await downloaded(o.key, `${o.ancestor}/mine.txt`)).toString()).toBe('mine');
      await shareIsWhole();
    });

    it('a batch-copy of the folder above copies its own files and none of the shares', async () => {
      const into = `${o.mountPath}/copies-${randomBytes(2).toString('hex')}`;
      const task = await finishedTask(
        o.key,
        await startedCopy(o.key, { items: [{ sourcePath: o.ancestor, targetPath: `${into}/` }] }),
      );
      expect(task).toMatchObject({ status: 'completed', success_count: 1, failed_count: 0 });
      const intoKey = into.slice(o.mountPath.length + 1);
      const copied = await keysUnder(o.mountDriver, intoKey);
      expect(copied.filter((key) => !key.endsWith('/'))).toEqual([
        `${intoKey}/${o.ancestor.split('/').pop()}/mine.txt`,
      ]);
      expect(copied.some((key) => passesReservedName(key))).toBe(false);
      await shareIsWhole();
    });

    it('a folder with no reserved name below still renames and goes', async () => {
      const plain = `${o.mountPath}/plain-${randomBytes(2).toString('hex')}`;
      expect((await fsCall.update(o.key, `${plain}/sub/a.txt`, 'a')).status).toBe(200);
      expect((await fsCall.rename(o.key, plain, `${plain}-2`)).status).toBe(200);
      expect((await downloaded(o.key, `${plain}-2/sub/a.txt`)).toString()).toBe('a');
      expect((await fsCall.remove(o.key, `${plain}-2`)).status).toBe(200);
      expect((await fsCall.get(o.key, `${plain}-2`)).status).toBe(404);
    });
  });
}
