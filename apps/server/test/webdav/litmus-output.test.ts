import { describe, expect, it } from 'vitest';
import { litmusProblems, litmusWarnings, parseLitmus } from './clients-support-litmus';

/**
 * The reading of litmus's output (what the conformance tests assert on): a misread would
 * pass a failing suite, so the formats litmus 0.13 prints are pinned here.
 */

const line = (n: number, name: string, result: string) => {
  const head = `${String(n).padStart(2)}. ${name.padEnd(22, '.')}`;
  return `\r${head} \r${head} ${result}`;
};

describe('parseLitmus', () => {
  it('reads a clean run, warnings that litmus counts as passes included', () => {
    const output = [
      "-> running `basic':",
      line(0, 'init', 'pass'),
      line(1, 'begin', 'pass'),
      line(2, 'delete_fragment', 'WARNING: DELETE removed collection resource with Request-URI'),
      '    ...................... pass (with 1 warning)',
      "<- summary for `basic': of 3 tests run: 3 passed, 0 failed. 100.0%",
      '-> 1 warning was issued.',
    ].join('\n');
    const report = parseLitmus('basic', output);
    expect(report.tests.map((test) => [test.name, test.result])).toEqual([
      ['init', 'pass'],
      ['begin', 'pass'],
      ['delete_fragment', 'pass (with 1 warning)'],
    ]);
    expect(report.summary).toEqual({ run: 3, passed: 3, failed: 0 });
    expect(litmusProblems(report)).toEqual([]);
    // A pass with a warning is still named, so the conformance test can refuse it.
    expect(litmusWarnings(report)).toEqual([
      'delete_fragment: pass (with 1 warning) | ' +
        'WARNING: DELETE removed collection resource with Request-URI',
    ]);
  });

  it('names failed and skipped tests with their messages, even over several lines', () => {
    const output = [
      "-> running `locks':",
      line(0, 'init', 'pass'),
      line(1, 'begin', "FAIL (Could not create new collection `/dav/litmus/' for tests: 501"),
      "Server must allow `MKCOL /dav/litmus/' for tests to proceed)",
      line(2, 'lock_excl', 'SKIPPED'),
      "<- summary for `locks': of 2 tests run: 1 passed, 1 failed. 50.0%",
      'See debug.log for network/debug traces.',
    ].join('\n');
    expect(litmusProblems(parseLitmus('locks', output))).toEqual([
      "begin: FAIL (Could not create new collection `/dav/litmus/' for tests: 501 | " +
        "Server must allow `MKCOL /dav/litmus/' for tests to proceed)",
      'lock_excl: SKIPPED',
      'summary: 1 of 2 passed, 1 failed',
    ]);
  });

  it('counts a run cut short before its summary as a failure', () => {
    const report = parseLitmus('http', `-> running \`http':\n${line(0, 'init', 'pass')}\n`);
    expect(litmusProblems(report)).toEqual(['litmus printed no summary for http']);
  });
});
