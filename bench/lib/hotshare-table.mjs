// hotshare.bench's tables (issue 34): the hot share's reads against pgbench round by round,
// each view limit's count on the cluster, and the other reads' share of bare node:http.
// Rows are told apart by what their measurement holds: `roundRates` (pgbench),
// `roundRatios` (a hot read), `viewLimit` (an exactness check), `shareOfBare` (other reads).

const cell = (value, width = 12) => String(value ?? '-').padStart(width);
const whole = (value) => (typeof value === 'number' ? Math.round(value) : null);
const errorCell = (m) =>
  m.non2xx === undefined ? String(m.errors) : `${m.non2xx}/${m.errors - m.non2xx}`;

function printHotReads(results, { seconds, connections, rounds }) {
  console.log(
    `\nhotshare: a hot share's raw reads ÷ pgbench's single-row rate, same run ` +
      `(wrk -t2 -c${connections} -d${seconds}s; pgbench -n -c${connections} -j2 -T${seconds}; ` +
      `${rounds} rounds)`,
  );
  console.log(
    `  ${'operation'.padEnd(34)}${[
      'reads/s',
      'pgbench tps',
      'ratio',
      'median',
      'target',
      'non-2xx/err',
    ]
      .map((header) => cell(header))
      .join('')}  verdict`,
  );
  for (const [operation, m] of Object.entries(results)) {
    if (m.roundRates) {
      console.log(`  ${operation.padEnd(34)}${cell('')}${cell(whole(m.requestsPerSecond))}`);
      console.log(`    tps of its rounds: ${m.roundRates.map(whole).join(', ')}`);
    }
    if (!m.roundRatios) {
      continue;
    }
    const passed = m.errors === 0 && m.medianRatio >= m.target;
    const cells = [
      whole(m.requestsPerSecond),
      whole(m.pgbenchTps),
      m.ratio,
      m.medianRatio,
      `≥ ${m.target}`,
      errorCell(m),
    ];
    console.log(
      `  ${operation.padEnd(34)}${cells.map((value) => cell(value)).join('')}  ${passed ? 'PASS' : 'FAIL'}`,
    );
    console.log(`    ratios of its rounds: ${m.roundRatios.join(', ')}`);
    if (m.firstError) {
      console.log(`    first error: ${m.firstError}`);
    }
  }
}

function printViewLimits(results) {
  const checks = Object.entries(results).filter(([, m]) => m.viewLimit !== undefined);
  if (checks.length === 0) {
    return;
  }
  console.log(`\nhotshare: view-limited shares read through a cluster (${checks[0][1].tool})`);
  console.log(
    `  ${'check'.padEnd(22)}${[
      'limit K',
      '200',
      '410',
      'other',
      'socket err',
      'db views',
      'spent after',
      'answers/s',
    ]
      .map((header) => cell(header))
      .join('')}  verdict`,
  );
  for (const [check, m] of checks) {
    const spent = m.spentAfterMs === null ? 'never' : `${(m.spentAfterMs / 1000).toFixed(1)} s`;
    const cells = [m.viewLimit, m.granted, m.refused, m.other, m.socketErrors, m.views, spent];
    console.log(
      `  ${check.padEnd(22)}${[...cells, whole(m.requestsPerSecond)].map((value) => cell(value)).join('')}` +
        `  ${m.errors === 0 ? 'PASS (exact)' : 'FAIL'}`,
    );
    console.log(`    200 answers per instance: ${m.perInstanceGranted.join(', ')}`);
    if (m.timeouts > 0) {
      console.log(`    wrk timeouts (answers over 10 s, still counted): ${m.timeouts}`);
    }
    if (m.firstError) {
      console.log(`    ${m.firstError}`);
    }
  }
}

function printOtherReads(results) {
  for (const [operation, m] of Object.entries(results)) {
    if (m.shareOfBare === undefined) {
      continue;
    }
    console.log('\nhotshare: other reads on the same PostgreSQL (share of bare node:http)');
    console.log(
      `  ${'operation'.padEnd(34)}${[
        'req/s',
        'bare req/s',
        'share',
        'non-2xx/err',
        'cpu µs/req',
        'bare µs',
      ]
        .map((header) => cell(header))
        .join('')}`,
    );
    const cells = [
      whole(m.requestsPerSecond),
      whole(m.bareRequestsPerSecond),
      m.shareOfBare,
      errorCell(m),
      m.cpuUsPerRequest,
      m.bareCpuUsPerRequest,
    ];
    console.log(`  ${operation.padEnd(34)}${cells.map((value) => cell(value)).join('')}`);
    console.log(`    shares of its rounds: ${m.roundShares.join(', ')}`);
    if (m.loadKind !== 'wrk') {
      console.log(
        '    (client-capped: the fetch loop drove the load; install wrk for real figures)',
      );
    }
  }
}

/** Prints the three tables of hotshare.bench from its results. */
export function printHotShare(results, settings) {
  printHotReads(results, settings);
  printViewLimits(results);
  printOtherReads(results);
}
