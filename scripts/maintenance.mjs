// `npm run backup|restore|migrate-db -- …` (README "Backup, restore and moving to
// PostgreSQL"): builds first only when the sources changed since the last build, as `npm
// start` does, then runs the server's own maintenance commands (apps/server/dist/
// maintenance.js, the same code as the server, its migrations included) with the
// arguments given after `--`. It runs where `npm start` runs the server (apps/server), so a
// relative DATA_DIR names the server's folder; a file named on the command line is taken
// from the directory npm was started in. Its exit status is this one's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from './lib/build.mjs';
import { repoRoot } from './lib/process.mjs';

if (!(await ensureBuild('before running the command'))) {
  console.error('The build failed: see above. Nothing was run.');
  process.exit(1);
}

const command = spawn(
  process.execPath,
  [path.join(repoRoot, 'apps/server/dist/maintenance.js'), ...process.argv.slice(2)],
  {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, PASTEBOX_CALLER_CWD: process.env.INIT_CWD ?? process.cwd() },
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => command.kill(signal));
}
command.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
