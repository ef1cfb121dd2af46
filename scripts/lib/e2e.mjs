import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild } from './build.mjs';
import { repoRoot } from './process.mjs';
import { runVitest } from './vitest.mjs';

export const E2E_CONFIG = 'apps/web/e2e/vitest.e2e.config.ts';
/** The browser the Playwright journeys launch (DESIGN §10: Debian's Chromium). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
const INSTALL_HINT = 'apt-get install -y chromium fonts-wqy-microhei';

/** An outcome that is one failure, for a part of the run that could not even start. */
export function failedToStart(label, reason) {
  return { label, passed: 0, failed: 1, skipped: 0, problems: [`${label}: ${reason}`] };
}

/**
 * Runs the Playwright journeys (vitest with the e2e config) against a fresh build.
 * Resolves with an outcome, or null when there is nothing to run (no e2e config yet, or no
 * Chromium outside CI, which is reported with the command that installs it).
 */
export async function runEndToEnd({ reportFile, env = process.env }) {
  if (!fs.existsSync(path.join(repoRoot, E2E_CONFIG))) {
    console.log(`No ${E2E_CONFIG} yet: there are no end-to-end tests to run.`);
    return null;
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.log(`End-to-end tests need Chromium at ${CHROMIUM_PATH}. Install it with:`);
    console.log(`  ${INSTALL_HINT}`);
    if (env.CI === 'true') {
      return failedToStart('e2e', `Chromium is missing at ${CHROMIUM_PATH} (CI=true)`);
    }
    console.log('End-to-end tests were NOT run.');
    return null;
  }
  if (!(await ensureBuild())) {
    return failedToStart('e2e', '`npm run build` failed, so the end-to-end tests could not run');
  }
  return runVitest({ label: 'e2e', reportFile, args: ['--config', E2E_CONFIG], env });
}
