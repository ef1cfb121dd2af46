import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../api-keys/builders';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn } from '../vfs/support';
import {
  bundleCli,
  CLI_TEST_TIMEOUT_MS,
  CliUser,
  printedLine,
  type CliResult,
} from './cli-support';

/** Exit code and stderr, for one-line assertions that show why a run failed. */
const outcome = (result: CliResult) => ({ code: result.code, stderr: result.stderr });

/**
 * The `pastebox` CLI (issue 36) against a real server: log in, paste, get, ls, rm, the
 * exit codes scripts switch on, and the mounts' file system. The CLI does not care which
 * database the server uses: SQLite only. Runs that do not depend on each other go in
 * parallel (each is a Node process).
 */
describe('pastebox CLI: shares and the file system', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let cli: { entry: string; remove: () => void };
  let key: string;
  /** Logged in (by the first test) with a key of every permission. */
  let owner: CliUser;
  /** No config: a stranger, whose reads count views. */
  let stranger: CliUser;
  let mountPath: string;

  beforeAll(async () => {
    [server, cli] = await Promise.all([startTestServer(), bundleCli()]);
    const admin = await server.admin();
    const permissions = { text_permission: true, file_permission: true, mount_permission: true };
    key = (await createKey(admin, permissions)).key;
    const local = storageTargets().find((target) => target.name === 'local')!;
    mountPath = (await mountOn(server, admin, local, { mountPath: '/team' })).mountPath;
    owner = new CliUser(cli.entry);
    stranger = new CliUser(cli.entry);
  });
  afterAll(async () => {
    owner?.remove();
    stranger?.remove();
    cli?.remove();
    await server?.close();
  });

  it('login checks the key first (a bad one exits 3, nothing saved), then stores it 0600', async () => {
    const [refused, notLoggedIn] = await Promise.all([
      owner.run(['login', server.baseUrl, '--key', 'not-a-key']),
      stranger.run(['ls']),
    ]);
    expect(outcome(refused)).toEqual({
      code: 3,
      stderr: expect.stringContaining('API_KEY_INVALID'),
    });
    expect(outcome(notLoggedIn)).toEqual({ code: 3, stderr: expect.stringContaining('login') });
    const file = path.join(owner.configDir, 'config.json');
    expect(fs.existsSync(file)).toBe(false);

    const done = await owner.run(['login', `${server.baseUrl}/api/`], {
      env: { PASTEBOX_KEY: key },
    });
    expect(outcome(done).code, done.stderr).toBe(0);
    expect(done.stdout.trim()).toBe(server.baseUrl);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ url: server.baseUrl, key });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(owner.configDir).mode & 0o777).toBe(0o700);
  });

  it('paste from stdin → get → ls → rm, each printing the absolute link', async () => {
    const pasted = await owner.run(
      ['paste', '--slug', 'cli-hello', '--expires', '1d', '--views', '3'],
      { input: 'hello from a pipe\n' },
    );
    expect(pasted.code, pasted.stderr).toBe(0);
    const link = printedLine(pasted);
    expect(link).toBe(`${server.baseUrl}/paste/cli-hello`);

    const [got, listed] = await Promise.all([stranger.run(['get', link]), owner.run(['ls'])]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toBe('hello from a pipe\n');
    const row = listed.stdout.split('\n').find((line) => line.includes(link)) ?? '';
    expect(row.split('\t')).toEqual(expect.arrayContaining(['paste', link]));

    const removed = await owner.run(['rm', 'cli-hello']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout.trim()).toBe(link);
    const [gone, removedAgain] = await Promise.all([
      stranger.run(['get', link]),
      owner.run(['rm', 'cli-hello']),
    ]);
    expect(outcome(gone)).toEqual({ code: 4, stderr: expect.stringContaining('PASTE_NOT_FOUND') });
    expect(removedAgain.code).toBe(4);
  });

  it('--json prints the answer with its link; the options reach the server', async () => {
    const pasted = await owner.run(
      ['paste', '--json', '--markdown', '--views', '2', '--expires', '2h'],
      { input: '# Title' },
    );
    expect(pasted.code, pasted.stderr).toBe(0);
    const answer = JSON.parse(pasted.stdout) as Record<string, unknown>;
    expect(answer).toMatchObject({ format: 'markdown', maxViews: 2, content: '# Title' });
    expect(answer.link).toBe(`${server.baseUrl}/paste/${String(answer.slug)}`);
    const hours = (Date.parse(String(answer.expiresAt)) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.5);
    expect(hours).toBeLessThanOrEqual(2);

    const listed = await owner.run(['ls', '--json']);
    const lists = JSON.parse(listed.stdout) as { pastes: { slug: string; link: string }[] };
    expect(lists.pastes).toContainEqual(
      expect.objectContaining({ slug: answer.slug, link: answer.link }),
    );
  });

  it('a protected share: the right --password opens it, a wrong or missing one exits 5', async () => {
    const pasted = await owner.run(['paste', '--password', 'open sesame'], { input: 'secret' });
    const link = printedLine(pasted);
    const [wrong, unasked, right] = await Promise.all([
      stranger.run(['get', link, '--password', 'nope']),
      // No terminal to ask on: the error names the flag.
      stranger.run(['get', link]),
      stranger.run(['get', link, '--password', 'open sesame']),
    ]);
    expect(outcome(wrong)).toEqual({ code: 5, stderr: expect.stringContaining('WRONG_PASSWORD') });
    expect(outcome(unasked)).toEqual({ code: 5, stderr: expect.stringContaining('--password') });
    expect(right.code, right.stderr).toBe(0);
    expect(right.stdout).toBe('secret');
  });

  it('--encrypt seals the text here: the server holds a blob, the #k= link opens it', async () => {
    const pasted = await owner.run(['paste', '--encrypt', '--encrypt-password', 'pw'], {
      input: 'for your eyes only',
    });
    expect(pasted.code, pasted.stderr).toBe(0);
    const link = printedLine(pasted);
    expect(link).toMatch(/\/paste\/[\w-]+#k=[\w-]{43}$/);
    const slug = /\/paste\/([\w-]+)#/.exec(link)![1]!;
    const stored = await server.deps.db
      .selectFrom('pastes')
      .select('content')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    expect(stored.content).not.toContain('eyes');

    const [right, wrong, keyless] = await Promise.all([
      stranger.run(['get', link, '--encrypt-password', 'pw']),
      stranger.run(['get', link, '--encrypt-password', 'not it']),
      stranger.run(['get', link.replace(/#.*/, '')]),
    ]);
    expect(right.code, right.stderr).toBe(0);
    expect(right.stdout).toBe('for your eyes only');
    expect(outcome(wrong)).toEqual({ code: 5, stderr: expect.stringContaining('Cannot decrypt') });
    expect(outcome(keyless)).toEqual({ code: 2, stderr: expect.stringContaining('#k=') });
  });

  it('exits 3 for a refused key from the environment, 2 for usage errors', async () => {
    const [refused, badExpiry, unknown] = await Promise.all([
      stranger.run(['paste'], {
        input: 'x',
        env: { PASTEBOX_URL: server.baseUrl, PASTEBOX_KEY: 'wrong-key' },
      }),
      owner.run(['paste', '--expires', '3 fortnights'], { input: 'x' }),
      owner.run(['no-such-command']),
    ]);
    expect(outcome(refused)).toEqual({
      code: 3,
      stderr: expect.stringContaining('API_KEY_INVALID'),
    });
    expect(outcome(badExpiry)).toEqual({ code: 2, stderr: expect.stringContaining('--expires') });
    expect(unknown.code).toBe(2);
  });

  it('fs put, ls and get on a mount, the bytes unchanged', async () => {
    const content = Buffer.from('quarterly numbers\n'.repeat(1000));
    fs.writeFileSync(owner.file('report.txt'), content);
    const stored = await owner.run(['fs', 'put', 'report.txt', `${mountPath}/docs/`]);
    expect(stored.code, stored.stderr).toBe(0);
    expect(printedLine(stored)).toBe(
      `${server.baseUrl}/mount-explorer/team/docs?preview=report.txt`,
    );

    const file = `${mountPath}/docs/report.txt`;
    const [listing, got] = await Promise.all([
      owner.run(['fs', 'ls', `${mountPath}/docs`, '--json']),
      owner.run(['fs', 'get', file, '-o', 'copy.txt']),
    ]);
    expect(listing.code, listing.stderr).toBe(0);
    const items = (JSON.parse(listing.stdout) as { items: { name: string; size: number }[] }).items;
    expect(items).toEqual([expect.objectContaining({ name: 'report.txt', size: content.length })]);
    expect(got.code, got.stderr).toBe(0);
    expect(fs.readFileSync(owner.file('copy.txt'))).toEqual(content);

    const [again, missing] = await Promise.all([
      // An existing file is kept unless --force.
      owner.run(['fs', 'get', file, '-o', 'copy.txt']),
      owner.run(['fs', 'ls', `${mountPath}/nothing-here`]),
    ]);
    expect(outcome(again)).toEqual({ code: 2, stderr: expect.stringContaining('--force') });
    expect(outcome(missing)).toEqual({
      code: 4,
      stderr: expect.stringContaining('PATH_NOT_FOUND'),
    });
  });

  // Last: it moves the server's clock two hours on, past what later pastes would ask for.
  it('exits 4 for a share out of views, expired, or unknown', async () => {
    const [once, soon] = await Promise.all([
      owner.run(['paste', '--views', '1'], { input: 'once' }),
      owner.run(['paste', '--expires', '1h'], { input: 'soon' }),
    ]);
    expect((await stranger.run(['get', printedLine(once)])).stdout).toBe('once');
    server.clock.advance(2 * 3_600_000);
    const [spent, expired, bare] = await Promise.all([
      stranger.run(['get', printedLine(once)]),
      stranger.run(['get', printedLine(soon)]),
      // A bare slug is tried as a paste, a file and a bundle on the logged-in server.
      owner.run(['get', 'no-such-share']),
    ]);
    expect(outcome(spent)).toEqual({
      code: 4,
      stderr: expect.stringContaining('VIEW_LIMIT_REACHED'),
    });
    expect(outcome(expired)).toEqual({ code: 4, stderr: expect.stringContaining('SHARE_EXPIRED') });
    expect(outcome(bare)).toEqual({ code: 4, stderr: expect.stringContaining('BUNDLE_NOT_FOUND') });
  });
});
