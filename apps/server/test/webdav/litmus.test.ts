import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';
import { davKey, davMount } from './clients-support';
import {
  dropLogs,
  LITMUS_SUITES,
  litmusProblems,
  litmusWarnings,
  runLitmus,
  type LitmusRun,
  type LitmusSuite,
} from './clients-support-litmus';

/**
 * The WebDAV conformance suite (issue 10: litmus passes every test of every suite), run by
 * the Debian `litmus` binary against the real server over HTTP, into a local-storage mount.
 */

const SUITE_TIMEOUT_MS = 180_000;

/**
 * Fails naming each litmus test that did not pass, or passed only with a warning, with
 * litmus's message and its log.
 */
function expectAllPassed(run: LitmusRun): void {
  const problems = litmusProblems(run.report);
  if (process.env.LITMUS_VERBOSE) {
    // The whole output, for the pass figures the README quotes.
    console.info(run.output);
  }
  const warnings = litmusWarnings(run.report);
  dropLogs(run);
  expect(warnings, `litmus ${run.report.suite} passed with warnings\n${run.output}`).toEqual([]);
  expect(
    problems,
    `litmus ${run.report.suite} (requests and answers in ${run.logDir}/debug.log)\n${run.output}`,
  ).toEqual([]);
  expect(run.report.summary?.run).toBeGreaterThan(0);
}

const local = storageTargets().find((target) => target.name === 'local');

describe('litmus against /dav', () => {
  let server: TestServer;
  let admin: ApiClient;
  const mountPath = '/litmus';
  beforeAll(async () => {
    if (!local) {
      throw new Error('no local storage target');
    }
    server = await startTestServer();
    admin = await server.admin();
    await davMount(admin, local, mountPath);
  });
  afterAll(() => server.close());

  const davUrl = () => `${server.baseUrl}/dav${mountPath}/`;

  it.each(LITMUS_SUITES)(
    'passes every test of the %s suite as the admin',
    async (suite: LitmusSuite) => {
      const run = await runLitmus(suite, davUrl(), {
        user: ADMIN.username,
        pass: ADMIN.password,
      });
      expectAllPassed(run);
    },
    SUITE_TIMEOUT_MS,
  );

  it.each(['basic', 'copymove'] as const)(
    'passes the %s suite as an API key given as user name and password, inside its basic_path',
    async (suite: LitmusSuite) => {
      const key = await davKey(admin, mountPath);
      const run = await runLitmus(suite, davUrl(), { user: key, pass: key });
      expectAllPassed(run);
    },
    SUITE_TIMEOUT_MS,
  );
});
