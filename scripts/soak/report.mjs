import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIENTS } from './load.mjs';
import { ALLOWED_GROWTH_KB, JUDGED_LIFE_MS } from './memory.mjs';
import { plotHtml } from './plot.mjs';

// The report directory: report.md (invariants, settings, fault timeline, per-minute
// figures), samples.json (every request and RSS sample), report.html (the plot) and
// report.png (a screenshot of it, when Chromium is there).

const s = (ms) => (ms / 1000).toFixed(1);

function invariantsTable(results) {
  const rows = results.map((r) => `| ${r.name} | ${r.held ? 'yes' : '**NO**'} | ${r.figures} |`);
  const problems = results.flatMap((r) => r.problems.map((p) => `- ${r.name.slice(0, 2)} ${p}`));
  return [
    '| invariant | held | figures |',
    '| --- | --- | --- |',
    ...rows,
    '',
    ...(problems.length ? ['### Problems', '', ...problems.slice(0, 300), ''] : []),
  ].join('\n');
}

/** What the requests overlapping each window got: the statuses a fault's clients saw. */
function windowStatuses(window, samples) {
  const counts = {};
  for (const r of samples) {
    if ((r.status === 0 || r.status >= 500) && r.start <= window.end && r.end >= window.start) {
      const key = r.status ? `${r.status}${r.code ? ` ${r.code}` : ''}` : r.error;
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([status, n]) => `${status} ×${n}`)
    .join(', ');
}

function faultTable(windows, samples) {
  return [
    '| fault | detail | injected (s) | answering again (s) | window closes (s) | 5xx / network errors in the window |',
    '| --- | --- | --- | --- | --- | --- |',
    ...windows.map(
      (w) =>
        `| ${w.kind} | ${w.detail} | ${s(w.start)} | ${s(w.recovered ?? 0)} | ${s(w.end ?? 0)} | ${windowStatuses(w, samples) || 'none'} |`,
    ),
  ].join('\n');
}

function minuteTable(table) {
  const minutes = Math.max(...Object.values(table).map((rows) => rows.length));
  const head = Array.from({ length: minutes }, (_, i) => `min ${i + 1}`);
  const lines = Object.entries(table).map(
    ([op, rows]) =>
      `| ${op} | ${rows.map((r) => `${r.perSecond}/s · p99 ${r.p99 ?? '–'} ms${r.errors ? ` · ${r.errors} err` : ''}`).join(' | ')} |`,
  );
  return [
    `| op | ${head.join(' | ')} |`,
    `| --- | ${head.map(() => '---').join(' | ')} |`,
    ...lines,
  ].join('\n');
}

function memoryTable(lives) {
  return [
    '| instance | pid | lived (s) | warm-up RSS (MB) | end RSS (MB) | peak (MB) | growth (MB) | judged | flat |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...lives.map(
      (l) =>
        `| ${l.instance} | ${l.pid} | ${l.spanS} | ${l.warmUpMb ?? '–'} | ${l.endMb} | ${l.peakMb} | ${l.growthMb ?? '–'} | ${l.judged ? 'yes' : 'no (short)'} | ${l.flat ? 'yes' : '**no**'} |`,
    ),
  ].join('\n');
}

function markdown(run) {
  const throughput = run.results.find((r) => r.table);
  const passed = run.results.every((r) => r.held);
  return [
    `# Soak report — ${passed ? 'every invariant held' : 'AN INVARIANT FAILED'}`,
    '',
    `Run of ${new Date(run.startedAt).toISOString()}: ${run.options.minutes} min of load, ` +
      `${CLIENTS} clients, load stopped at ${s(run.loadEndedAt)} s; final sweep at ${s(run.settled.sweepAt)} s.`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    '',
    'Shape: PostgreSQL 15 (own cluster, 127.0.0.1:55432, fsync on), Swift s3api (127.0.0.1:18085),',
    'three instances (WORKERS=1, ports 18801–18803, one SECRET, PUBLIC_URL = the balancer),',
    'HAProxy 127.0.0.1:18800 (round-robin, health checks on /api/health every 1 s, retries 3 + redispatch).',
    '',
    '## Invariants',
    '',
    invariantsTable(run.results),
    '## Fault timeline',
    '',
    faultTable(run.windows, run.samples),
    '',
    '## Throughput and p99 latency per operation per minute',
    '',
    throughput ? minuteTable(throughput.table) : '(not computed)',
    '',
    '## Memory (RSS per instance process)',
    '',
    `A process life is judged when it lasted at least ${JUDGED_LIFE_MS / 1000} s: flat means its end RSS ` +
      `(median of the last three 5-second samples) is at most ${ALLOWED_GROWTH_KB / 1024} MB above its ` +
      'warm-up RSS (the highest sample between 30 and 60 s of its life).',
    '',
    throughput ? memoryTable(throughput.lives) : '',
    '',
    'Plot: [report.html](report.html)' + (run.png ? ' (and report.png)' : ''),
    '',
  ].join('\n');
}

/**
 * Writes report.md, samples.json, report.html and (if Chromium renders it) report.png;
 * resolves when all are written (Chromium takes a few seconds: run it alongside the stop).
 */
export async function writeReport(dir, run) {
  const throughput = run.results.find((r) => r.table);
  fs.writeFileSync(
    path.join(dir, 'samples.json'),
    JSON.stringify({ windows: run.windows, requests: run.samples, memory: run.memory }),
  );
  const html = plotHtml({
    table: throughput?.table ?? {},
    memory: run.memory,
    windows: run.windows,
    loadEndedAt: run.options.minutes * 60_000,
    title: `Pastebox soak, ${run.options.minutes} min`,
  });
  const htmlFile = path.join(dir, 'report.html');
  fs.writeFileSync(htmlFile, html);
  run.png = await renderPng(htmlFile, path.join(dir, 'report.png'));
  fs.writeFileSync(path.join(dir, 'report.md'), markdown(run));
}

function renderPng(htmlFile, pngFile) {
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--hide-scrollbars',
    `--screenshot=${pngFile}`,
    '--window-size=1400,1900',
    `file://${htmlFile}`,
  ];
  return new Promise((resolve) => {
    execFile('/usr/bin/chromium', args, { timeout: 60_000 }, () => resolve(fs.existsSync(pngFile)));
  });
}
