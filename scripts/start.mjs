// `npm start`: the product on its embedded default (README). Builds first only when the
// sources changed since the last build (scripts/lib/build.mjs compares times), so a second
// start, or one right after `npm run build`, reaches /api/health in about a second instead
// of after a whole web build (issue 36). The server runs as `npm run start -w
// @pastebox/server` runs it (node dist/main.js in apps/server); signals are passed on and
// its exit status is this one's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from './lib/build.mjs';
import { repoRoot } from './lib/process.mjs';

if (!(await ensureBuild('before starting'))) {
  console.error('The build failed: see above. Nothing was started.');
  process.exit(1);
}

const server = spawn(process.execPath, ['dist/main.js'], {
  cwd: path.join(repoRoot, 'apps/server'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
