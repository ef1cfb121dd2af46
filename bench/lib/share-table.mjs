// The paste bench's table (issue 12): per operation the server's req/s, bare Node's, the
// share and its target, the errors, CPU per request of both, and a verdict.

/**
 * What the share says against its target: a run with errors never meets it, and a share
 * measured by the fetch loop says nothing either way (the client was the bottleneck).
 */
function verdict(m, load) {
  if (m.errors > 0 || m.bareErrors > 0) {
    return 'FAILED (errors)';
  }
  if (m.target === null) {
    return '';
  }
  if (load.kind !== 'wrk') {
    return 'client-capped';
  }
  return m.shareOfBare >= m.target ? 'met' : 'below';
}

/** With wrk, non-2xx answers / socket errors (connect, read, write, timeout); else errors. */
function errorCell(m) {
  if (m.stalled) {
    return 'no answer';
  }
  if (m.non2xx === undefined) {
    return String(m.errors);
  }
  const socket = Object.values(m.socketErrors).reduce((sum, count) => sum + count, 0);
  return `${m.non2xx}/${socket}`;
}

const rounded = (value) => (typeof value === 'number' ? Math.round(value) : null);

/** The figures issue 12 asks for: the server's req/s, bare Node's, the share and the target. */
export function printShares(results, load) {
  const errorsHeader = load.kind === 'wrk' ? 'non-2xx/err' : 'errors';
  console.log(`\npaste: share of bare node:http (${load.describe.split(':')[0]})`);
  console.log(
    `  ${'operation'.padEnd(26)}${[
      'req/s',
      'bare req/s',
      'share',
      'target',
      errorsHeader,
      'cpu µs/req',
      'bare µs',
    ]
      .map((cell) => cell.padStart(12))
      .join('')}  verdict`,
  );
  for (const [operation, m] of Object.entries(results)) {
    const cells = [
      rounded(m.requestsPerSecond),
      rounded(m.bareRequestsPerSecond),
      // A share of a run with errors is shown in brackets: it does not count.
      m.errors > 0 && typeof m.shareOfBare === 'number' ? `(${m.shareOfBare})` : m.shareOfBare,
      m.target === null ? '-' : `≥ ${m.target}`,
      errorCell(m),
      m.cpuUsPerRequest,
      m.bareCpuUsPerRequest,
    ];
    console.log(
      `  ${operation.padEnd(26)}${cells.map((cell) => String(cell ?? '-').padStart(12)).join('')}  ${verdict(m, load)}`,
    );
    if (m.firstError) {
      console.log(`    first error: ${m.firstError}`);
    }
    if (m.roundShares?.length > 1) {
      console.log(`    shares of its ${m.roundShares.length} rounds: ${m.roundShares.join(', ')}`);
    }
  }
  if (load.kind === 'fetch') {
    console.log('  (client-capped: install wrk for real shares — apt-get install wrk)');
  }
}
