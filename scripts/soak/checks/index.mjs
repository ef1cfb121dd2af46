import { checkErrors } from './errors.mjs';
import { checkLeaks } from './leaks.mjs';
import { checkReadBack } from './readback.mjs';
import { checkThroughputAndMemory } from './throughput.mjs';
import { checkViews } from './views.mjs';

/**
 * Every invariant, in the brief's order; each result is `{ name, held, figures, problems }`
 * and is printed as a line of the table. A check that throws counts as not held.
 */
export async function runChecks(context) {
  const checks = [checkReadBack, checkViews, checkErrors, checkLeaks, checkThroughputAndMemory];
  const results = [];
  for (const check of checks) {
    const started = Date.now();
    try {
      results.push(await check(context));
      context.log(`checked ${check.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      results.push({
        name: check.name,
        held: false,
        figures: 'the check itself failed',
        problems: [error instanceof Error ? error.stack : String(error)],
      });
    }
  }
  printTable(results, context.log);
  return results;
}

function printTable(results, log) {
  log('invariant | held | figures');
  for (const r of results) {
    log(`${r.name} | ${r.held ? 'yes' : 'NO'} | ${r.figures}`);
    for (const problem of r.problems.slice(0, 10)) {
      log(`    - ${problem}`);
    }
    if (r.problems.length > 10) {
      log(`    … and ${r.problems.length - 10} more (report.md)`);
    }
  }
}
