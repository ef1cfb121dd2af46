import path from 'node:path';
import { repoRoot } from './paths.mjs';

const USAGE = `usage: npm run soak -- [--minutes N] [--report DIR] [--keep]
  --minutes N   how long the load runs (default 10); faults scale with it
  --report DIR  where the report and the run's data go (default .tmp/soak/<timestamp>)
  --keep        leave the data (PostgreSQL, Swift, DATA_DIRs) in DIR afterwards`;

/** The command line as `{ minutes, reportDir, keep }`; exits with the usage on a bad one. */
export function parseArgs(argv) {
  const options = { minutes: 10, reportDir: null, keep: false };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--minutes') {
      options.minutes = Number(argv[++index]);
    } else if (arg === '--report') {
      options.reportDir = argv[++index];
    } else if (arg === '--keep') {
      options.keep = true;
    } else {
      fail(`unknown argument ${arg}`);
    }
  }
  if (!(options.minutes > 0 && options.minutes <= 24 * 60)) {
    fail('--minutes must be a number of minutes above 0');
  }
  if (options.reportDir === undefined) {
    fail('--report needs a directory');
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  options.reportDir = path.resolve(options.reportDir ?? path.join(repoRoot, '.tmp', 'soak', stamp));
  return options;
}

function fail(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}
