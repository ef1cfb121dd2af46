// `npm run test:e2e`: only the Playwright journeys, against a fresh `npm run build`; ends
// with the same `Tests: N passed, M failed` line as `npm test`.
import path from 'node:path';
import { runEndToEnd } from './lib/e2e.mjs';
import { repoRoot } from './lib/process.mjs';
import { closingLine } from './lib/vitest.mjs';

const outcome = await runEndToEnd({
  reportFile: path.join(repoRoot, '.tmp', 'test-results', 'e2e.json'),
});
const outcomes = outcome ? [outcome] : [];
for (const problem of outcomes.flatMap((o) => o.problems)) {
  console.log(`Problem: ${problem}`);
}
console.log(closingLine(outcomes));
process.exitCode = outcomes.some((o) => o.failed > 0) ? 1 : 0;
