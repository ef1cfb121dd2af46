import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MultipartSession } from '@pastebox/contract/schemas/upload';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKey } from '../api-keys/builders';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { startThrottledProxy, type ThrottledProxy } from '../support/throttled-proxy';
import { bundleCli, CLI_TEST_TIMEOUT_MS, CliUser, printedLine } from './cli-support';

const MIB = 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface ResumeState {
  file_id: string;
  parts: { partNumber: number }[];
}

/**
 * `pastebox put` (issue 36) against a real server behind a throttled TCP relay, so a
 * large upload is still in flight when the test interrupts it: small files, a 12 MB file
 * in 5 MiB parts killed midway and resumed, and --bundle.
 */
describe('pastebox CLI: put', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let proxy: ThrottledProxy;
  let cli: { entry: string; remove: () => void };
  let keyClient: ApiClient;
  let user: CliUser;
  let stranger: CliUser;

  beforeAll(async () => {
    [server, cli] = await Promise.all([startTestServer(), bundleCli()]);
    proxy = await startThrottledProxy(server.baseUrl);
    const admin = await server.admin();
    const key = (await createKey(admin, { text_permission: true, file_permission: true })).key;
    keyClient = admin.withApiKey(key);
    // Through the relay: the part URLs the server signs name the host the CLI called.
    user = new CliUser(cli.entry, { PASTEBOX_URL: proxy.endpoint, PASTEBOX_KEY: key });
    stranger = new CliUser(cli.entry);
  });
  afterAll(async () => {
    user?.remove();
    stranger?.remove();
    cli?.remove();
    await proxy?.close();
    await server?.close();
  });

  /** The bytes behind a file link, fetched by a stranger with `get`. */
  async function downloaded(link: string, password?: string): Promise<Buffer> {
    const name = `got-${randomBytes(4).toString('hex')}`;
    const args = ['get', link, '-o', name, ...(password ? ['--password', password] : [])];
    const got = await stranger.run(args);
    expect(got.code, got.stderr).toBe(0);
    return fs.readFileSync(stranger.file(name));
  }

  it('uploads small files, one link each; a protected one opens with its password', async () => {
    fs.writeFileSync(user.file('a.txt'), 'first file\n');
    fs.writeFileSync(user.file('b.bin'), randomBytes(3000));
    const put = await user.run(['put', 'a.txt', 'b.bin', '--password', 'pw', '--json']);
    expect(put.code, put.stderr).toBe(0);
    const shares = JSON.parse(put.stdout) as {
      filename: string;
      link: string;
      has_password: boolean;
    }[];
    expect(shares.map((share) => [share.filename, share.has_password])).toEqual([
      ['a.txt', true],
      ['b.bin', true],
    ]);
    expect(shares[0]!.link).toMatch(new RegExp(`^${proxy.endpoint}/file/[\\w-]+$`));
    expect(await downloaded(shares[1]!.link, 'pw')).toEqual(fs.readFileSync(user.file('b.bin')));
    expect((await stranger.run(['get', shares[0]!.link, '--password', 'bad'])).code).toBe(5);
  });

  it('resumes a large upload killed midway: only the missing parts are sent, bytes identical', async () => {
    const content = randomBytes(12 * MIB);
    fs.writeFileSync(user.file('big.bin'), content);
    const statesDir = path.join(user.configDir, 'uploads');
    const savedStates = (): ResumeState[] =>
      (fs.existsSync(statesDir) ? fs.readdirSync(statesDir) : [])
        .filter((name) => name.endsWith('.json'))
        .map(
          (name) => JSON.parse(fs.readFileSync(path.join(statesDir, name), 'utf8')) as ResumeState,
        );

    // 2 MiB/s a connection: the 2 MiB part lands after about a second, the 5 MiB ones later.
    proxy.setRate(2 * MIB);
    const first = user.start(['put', 'big.bin', '--slug', 'big-one']);
    await vi.waitFor(() => expect(savedStates()[0]?.parts.length).toBeGreaterThan(0), {
      timeout: 20_000,
      interval: 25,
    });
    // Ctrl-C and a dropped connection at once: the parts in flight never arrive whole.
    first.child.kill('SIGKILL');
    proxy.dropConnections();
    expect((await first.result).code).toBeNull();
    proxy.setRate(null);

    const [state] = savedStates();
    const session = await keyClient.get<MultipartSession>(
      `/api/upload/multipart/${state!.file_id}/parts`,
    );
    const stored = session.body.data.parts.length;
    expect(stored).toBeGreaterThanOrEqual(state!.parts.length);
    expect(stored).toBeLessThan(3);

    const again = await user.run(['put', 'big.bin']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`${stored} of 3 parts are on the server already`);
    expect(again.stderr).toContain(`sent ${3 - stored} part`);
    // The resumed session keeps the first run's options; its state is gone once complete.
    const link = printedLine(again);
    expect(link).toBe(`${proxy.endpoint}/file/big-one`);
    expect(savedStates()).toEqual([]);
    expect(sha256(await downloaded(link))).toBe(sha256(content));
  });

  it('--bundle shares the files behind one link, with the options on the bundle', async () => {
    fs.writeFileSync(user.file('one.txt'), 'one');
    fs.writeFileSync(user.file('two.txt'), 'two');
    const put = await user.run([
      'put',
      '--bundle',
      '--title',
      'Both',
      '--views',
      '5',
      'one.txt',
      'two.txt',
      '--json',
    ]);
    expect(put.code, put.stderr).toBe(0);
    const bundle = JSON.parse(put.stdout) as {
      link: string;
      title: string;
      max_views: number;
      files: { filename: string; private: boolean }[];
    };
    expect(bundle).toMatchObject({ title: 'Both', max_views: 5 });
    expect(bundle.files.map((file) => [file.filename, file.private])).toEqual([
      ['one.txt', true],
      ['two.txt', true],
    ]);
    const zip = await downloaded(bundle.link);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes('one.txt')).toBe(true);
    expect(zip.includes('two.txt')).toBe(true);
  });
});
