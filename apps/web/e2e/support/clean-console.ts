import { afterEach } from 'vitest';
import { takeUnexpectedProblems } from './browser';

/**
 * Setup file of the browser journeys: a journey fails on any console error or warning,
 * uncaught page error, or 4xx/5xx answer it did not declare with `allowProblems`.
 */
afterEach(() => {
  const problems = takeUnexpectedProblems();
  if (problems.length > 0) {
    throw new Error(`unexpected problems in the browser:\n  ${problems.join('\n  ')}`);
  }
});
