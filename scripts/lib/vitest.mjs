import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, runCommand } from './process.mjs';

const vitestBin = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');

/**
 * Runs `vitest run` with the default reporter for people and the json reporter into
 * `reportFile` for the closing summary. Extra args (e.g. `--config …`) pass through.
 * Resolves with the outcome of the run, see {@link readOutcome}.
 */
export async function runVitest({ label, reportFile, args = [], env = process.env }) {
  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  fs.rmSync(reportFile, { force: true });
  const exitCode = await runCommand(
    process.execPath,
    [
      vitestBin,
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ],
    { env },
  );
  return readOutcome(label, reportFile, exitCode);
}

/**
 * Counts passed, failed and skipped tests from a json report. A test file that failed to
 * load, a missing report or a non-zero exit with no failing test each count as one failed
 * test, so that "M failed" is non-zero exactly when the run did not succeed.
 */
export function readOutcome(label, reportFile, exitCode) {
  const outcome = { label, passed: 0, failed: 0, skipped: 0, problems: [] };
  let report;
  try {
    report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  } catch {
    outcome.failed = 1;
    outcome.problems.push(`${label}: vitest wrote no results (exit code ${exitCode})`);
    return outcome;
  }
  outcome.passed = report.numPassedTests ?? 0;
  outcome.failed = report.numFailedTests ?? 0;
  outcome.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const ranNoTest = (file.assertionResults ?? []).length === 0;
    if (file.status === 'failed' && ranNoTest) {
      outcome.failed += 1;
      outcome.problems.push(`${label}: ${path.relative(repoRoot, file.name)} failed to run`);
    }
  }
  if (exitCode !== 0 && outcome.failed === 0) {
    outcome.failed = 1;
    outcome.problems.push(`${label}: vitest exited with code ${exitCode} (see its output above)`);
  }
  return outcome;
}

/** The line CI parses: `Tests: N passed, M failed` plus `, K skipped` when K > 0. */
export function closingLine(outcomes) {
  const sum = (key) => outcomes.reduce((total, outcome) => total + outcome[key], 0);
  const skipped = sum('skipped');
  return `Tests: ${sum('passed')} passed, ${sum('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
