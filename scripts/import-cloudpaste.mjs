// `npm run import-cloudpaste -- --db FILE.sqlite [--secret …] [--apply]` (README "Moving
// from CloudPaste", docs/import-cloudpaste.md): builds first only when the sources changed
// since the last build, as `npm start` does, then runs the server's importer
// (apps/server/dist/import-cloudpaste.js, the server's own services and migrations) with the
// arguments given after `--`. It runs where `npm start` runs the server (apps/server), so a
// relative DATA_DIR names the server's folder; the --db file is taken from the directory npm
// was started in. Its exit status is this one's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from './lib/build.mjs';
import { repoRoot } from './lib/process.mjs';

if (!(await ensureBuild('before importing'))) {
  console.error('The build failed: see above. Nothing was imported.');
  process.exit(1);
}

const importer = spawn(
  process.execPath,
  [path.join(repoRoot, 'apps/server/dist/import-cloudpaste.js'), ...process.argv.slice(2)],
  {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, PASTEBOX_CALLER_CWD: process.env.INIT_CWD ?? process.cwd() },
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => importer.kill(signal));
}
importer.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
