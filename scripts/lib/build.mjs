import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, runNpmScript } from './process.mjs';

/** What `npm run build` produces; e2e tests start this server and it serves this web app. */
const BUILD_OUTPUTS = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];

/** Everything the build reads; a change to any of them makes the build stale. */
const BUILD_INPUTS = [
  'packages/contract/src',
  'apps/server/src',
  'apps/server/tsup.config.ts',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/server/tsconfig.json',
  'tsconfig.base.json',
  'package-lock.json',
];

function newestModification(target) {
  let stats;
  try {
    stats = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) {
    return stats.mtimeMs;
  }
  let newest = stats.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

/**
 * True when every build output exists and is newer than every build input under `root`
 * (a checkout). Times, not contents: a checkout that touched a source rebuilds, which is
 * the safe side, and reading the times of a few thousand files takes milliseconds.
 */
export function isBuildFresh(root = repoRoot) {
  const outputTimes = BUILD_OUTPUTS.map((file) => newestModification(path.join(root, file)));
  if (outputTimes.some((time) => time === 0)) {
    return false;
  }
  const newestInput = Math.max(
    ...BUILD_INPUTS.map((input) => newestModification(path.join(root, input))),
  );
  return Math.min(...outputTimes) > newestInput;
}

/**
 * Runs `npm run build` unless the build is already newer than its sources (as right after
 * `.ci/run` built it, or on a second `npm start`). Resolves with true when a usable build
 * exists afterwards; `purpose` says in the log what the build is for.
 */
export async function ensureBuild(purpose = 'for the end-to-end tests') {
  if (isBuildFresh()) {
    console.log('The build is up to date with the sources; not rebuilding.');
    return true;
  }
  console.log(`Building the app (npm run build) ${purpose}…`);
  return (await runNpmScript('build')) === 0;
}
