import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireBinary, runProcess } from './clients-support';

/**
 * litmus (the Debian package), run one suite at a time against the running server, and
 * its output read back into per-test results, so a failing test names the litmus tests
 * that failed and litmus's own words for why.
 */

export const LITMUS_BIN = '/usr/bin/litmus';
export const LITMUS_SUITES = ['basic', 'copymove', 'props', 'locks', 'http'] as const;
export type LitmusSuite = (typeof LITMUS_SUITES)[number];

/** litmus needs seconds per suite; this only stops a server that hangs. */
const LITMUS_TIMEOUT_MS = 120_000;

export interface LitmusTest {
  name: string;
  /** What litmus printed as the result: `pass`, `pass (with 1 warning)`, `FAIL (…)`, `SKIPPED`. */
  result: string;
  /** Warnings and continued FAIL messages litmus printed for this test. */
  notes: string[];
}

export interface LitmusSummary {
  run: number;
  passed: number;
  failed: number;
}

export interface LitmusReport {
  suite: string;
  tests: LitmusTest[];
  /** `<- summary for …` ; null when litmus stopped before printing one. */
  summary: LitmusSummary | null;
  allSkipped: boolean;
}

const TEST_LINE = /^\s*(\d+)\.\s(\w+?)\.*\s(.*)$/;
/** After a WARNING, litmus prints the result on a line of its own, under dots. */
const RESULT_LINE = /^\s*\.{5,}\s(.*)$/;
const SUMMARY_LINE =
  /^<- summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed\. [\d.]+%/;

/**
 * Reads the output of one litmus suite. litmus rewrites each test's line with a carriage
 * return (`\r 3. put_get.... \r 3. put_get.... pass`): only the text after the last one counts.
 */
export function parseLitmus(suite: string, output: string): LitmusReport {
  const report: LitmusReport = { suite, tests: [], summary: null, allSkipped: false };
  let current: LitmusTest | null = null;
  for (const raw of output.split('\n')) {
    const line = raw.slice(raw.lastIndexOf('\r') + 1).trimEnd();
    const summary = SUMMARY_LINE.exec(line);
    const test = TEST_LINE.exec(line);
    const result = RESULT_LINE.exec(line);
    if (summary) {
      report.summary = {
        run: Number(summary[2]),
        passed: Number(summary[3]),
        failed: Number(summary[4]),
      };
      current = null;
    } else if (line.startsWith('<- all tests skipped')) {
      report.allSkipped = true;
      current = null;
    } else if (test?.[2] !== undefined && test[3] !== undefined) {
      current = { name: test[2], result: test[3], notes: [] };
      report.tests.push(current);
    } else if (result?.[1] !== undefined && current) {
      current.notes.push(current.result);
      current.result = result[1];
    } else if (current && line.trim() !== '' && !line.startsWith('->')) {
      current.notes.push(line.trim());
    }
  }
  return report;
}

/** The output as a terminal shows it: each line from its last carriage return. */
function visibleText(output: string): string {
  return output
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('\r') + 1))
    .join('\n');
}

function passed(test: LitmusTest): boolean {
  return test.result === 'pass' || test.result.startsWith('pass (with ');
}

/**
 * Everything wrong with a suite's run, one line each (empty when litmus passed every test):
 * each test litmus did not pass, with its message, and a summary that is missing or not 100 %.
 */
export function litmusProblems(report: LitmusReport): string[] {
  const problems = report.tests
    .filter((test) => !passed(test))
    .map((test) => [`${test.name}: ${test.result}`, ...test.notes].join(' | '));
  if (report.allSkipped) {
    problems.push(`every test of ${report.suite} was skipped`);
  }
  if (!report.summary) {
    problems.push(`litmus printed no summary for ${report.suite}`);
  } else if (report.summary.failed > 0 || report.summary.passed !== report.summary.run) {
    const { run, passed: ok, failed } = report.summary;
    problems.push(`summary: ${ok} of ${run} passed, ${failed} failed`);
  }
  return problems;
}

/**
 * The tests litmus passed only with a warning, each with its words: litmus counts them as
 * passes, yet each is a behaviour it calls unsafe or odd (issue 30: delete_fragment).
 */
export function litmusWarnings(report: LitmusReport): string[] {
  return report.tests
    .filter((test) => test.result.startsWith('pass (with '))
    .map((test) => [`${test.name}: ${test.result}`, ...test.notes].join(' | '));
}

export interface LitmusRun {
  report: LitmusReport;
  output: string;
  /** Where litmus left debug.log (the requests and answers) for this run. */
  logDir: string;
}

/** Runs one litmus suite against `url` (a collection URL ending in `/`). */
export async function runLitmus(
  suite: LitmusSuite,
  url: string,
  credentials: { user: string; pass: string },
): Promise<LitmusRun> {
  requireBinary(LITMUS_BIN, 'litmus');
  // litmus writes debug.log and child.log into its working directory.
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `pastebox-litmus-${suite}-`));
  const run = await runProcess(LITMUS_BIN, [url, credentials.user, credentials.pass], {
    cwd: logDir,
    env: { ...process.env, TESTS: suite },
    timeoutMs: LITMUS_TIMEOUT_MS,
  });
  const output = run.timedOut
    ? `${run.output}\n(litmus killed after ${LITMUS_TIMEOUT_MS} ms)`
    : run.output;
  return { report: parseLitmus(suite, output), output: visibleText(output), logDir };
}

/** Removes a run's logs, kept only when it failed (the assertion message names them). */
export function dropLogs(run: LitmusRun): void {
  if (litmusProblems(run.report).length === 0) {
    fs.rmSync(run.logDir, { recursive: true, force: true });
  }
}
