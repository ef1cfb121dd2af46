// The report's plot: one self-contained HTML page of inline SVG (no script, no CDN) with
// three charts over the run's time axis, fault windows shaded: requests per second and p99
// latency per operation (one point per minute), and each instance's RSS.

const WIDTH = 680;
const HEIGHT = 250;
const PAD = { left: 60, right: 170, top: 24, bottom: 34 };
const COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#637939',
  '#8c6d31',
  '#843c39',
  '#7b4173',
  '#3182bd',
  '#e6550d',
  '#31a354',
  '#756bb1',
  '#636363',
  '#9c9ede',
  '#cedb9c',
  '#e7ba52',
  '#ad494a',
  '#a55194',
  '#6baed6',
  '#fd8d3c',
  '#74c476',
  '#9e9ac8',
  '#969696',
];

const escape = (text) => String(text).replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

function niceMax(value) {
  if (value <= 0) {
    return 1;
  }
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((m) => m >= value);
}

/** A line chart; `series` is `[{ name, points: [[xSeconds, y]] }]`, `log` for a log y axis. */
function lineChart({ title, yLabel, series, xMax, windows, log = false }) {
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const ys = series.flatMap((s) => s.points.map(([, y]) => y)).filter((y) => y > 0);
  const yMax = niceMax(Math.max(1, ...ys));
  const yMin = log ? 10 ** Math.floor(Math.log10(Math.max(1, Math.min(...ys, yMax)))) : 0;
  const x = (v) => PAD.left + (v / xMax) * plotW;
  const y = (v) => {
    if (log) {
      const clamped = Math.max(v, yMin);
      return (
        PAD.top +
        plotH -
        ((Math.log10(clamped) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin) || 1)) *
          plotH
      );
    }
    return PAD.top + plotH - (v / yMax) * plotH;
  };
  const shades = windows.map(
    (w, index) =>
      `<rect x="${x(w.start / 1000)}" y="${PAD.top}" width="${Math.max(2, x((w.end ?? w.start) / 1000) - x(w.start / 1000))}" height="${plotH}" fill="#f4a6a6" opacity="0.35"><title>${escape(`${w.kind}: ${w.detail}`)}</title></rect>` +
      `<text x="${x(w.start / 1000) + 2}" y="${PAD.top + 11 + (index % 2) * 11}" font-size="9" fill="#a33">${escape(w.kind)}</text>`,
  );
  const yTicks = log
    ? Array.from({ length: Math.round(Math.log10(yMax / yMin)) + 1 }, (_, i) => yMin * 10 ** i)
    : [0, 0.25, 0.5, 0.75, 1].map((f) => f * yMax);
  const xStep = xMax > 900 ? 300 : 60;
  const xTicks = Array.from({ length: Math.floor(xMax / xStep) + 1 }, (_, i) => i * xStep);
  const grid = [
    ...yTicks.map(
      (t) =>
        `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/>` +
        `<text x="${PAD.left - 6}" y="${y(t) + 4}" font-size="11" text-anchor="end">${+t.toFixed(2)}</text>`,
    ),
    ...xTicks.map(
      (t) =>
        `<line x1="${x(t)}" x2="${x(t)}" y1="${PAD.top}" y2="${PAD.top + plotH}" stroke="#eee"/>` +
        `<text x="${x(t)}" y="${PAD.top + plotH + 16}" font-size="11" text-anchor="middle">${t / 60} min</text>`,
    ),
  ];
  const lines = series.map((s, i) => {
    const color = COLORS[i % COLORS.length];
    const d = s.points
      .map(([px, py], j) => `${j ? 'L' : 'M'}${x(px).toFixed(1)},${y(py).toFixed(1)}`)
      .join(' ');
    const dots =
      s.points.length < 40
        ? s.points
            .map(([px, py]) => `<circle cx="${x(px)}" cy="${y(py)}" r="2.5" fill="${color}"/>`)
            .join('')
        : '';
    const legendY = PAD.top + 4 + i * 12;
    return (
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="1.6"><title>${escape(s.name)}</title></path>${dots}` +
      `<rect x="${WIDTH - PAD.right + 12}" y="${legendY - 8}" width="10" height="3" fill="${color}"/>` +
      `<text x="${WIDTH - PAD.right + 26}" y="${legendY - 4}" font-size="10">${escape(s.name)}</text>`
    );
  });
  return [
    `<figure><figcaption>${escape(title)}</figcaption>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif">`,
    ...shades,
    ...grid,
    `<text x="16" y="${PAD.top + plotH / 2}" font-size="12" transform="rotate(-90 16 ${PAD.top + plotH / 2})" text-anchor="middle">${escape(yLabel)}</text>`,
    ...lines,
    '</svg></figure>',
  ].join('\n');
}

/** Operations grouped by what they exercise, so that each chart stays readable. */
const FAMILIES = [
  ['Text shares', 'text.'],
  ['File shares', 'file.'],
  ['fs API', 'fs.'],
  ['WebDAV', 'dav.'],
  ['Copy tasks', 'task.'],
];

/**
 * The page: per family of operations, requests per second and p99 per minute side by side;
 * then RSS per instance. Fault windows shaded everywhere. Set-up requests are left out.
 */
export function plotHtml({ table, memory, windows, loadEndedAt, title }) {
  const xMax = Math.max(60, loadEndedAt / 1000);
  const perOp = (prefix, field) =>
    Object.entries(table)
      .filter(([op]) => op.startsWith(prefix))
      .map(([op, rows]) => ({
        name: op,
        points: rows
          .filter((r) => r.count > 0)
          .map((r) => [Math.min(xMax, (r.minute - 0.5) * 60), r[field] ?? 0]),
      }));
  const families = FAMILIES.map(([name, prefix]) =>
    [
      '<div class="row">',
      lineChart({
        title: `${name}: requests per second`,
        yLabel: 'req/s',
        series: perOp(prefix, 'perSecond'),
        xMax,
        windows,
      }),
      lineChart({
        title: `${name}: p99 latency (log scale)`,
        yLabel: 'ms',
        series: perOp(prefix, 'p99'),
        xMax,
        windows,
        log: true,
      }),
      '</div>',
    ].join('\n'),
  );
  const instances = [...new Set(memory.map((m) => m.instance))].sort();
  const rss = instances.map((name) => ({
    name,
    points: memory
      .filter((m) => m.instance === name && m.t <= loadEndedAt)
      .map((m) => [m.t / 1000, m.rssKb / 1024]),
  }));
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escape(title)}</title>`,
    '<style>body{font-family:sans-serif;margin:16px;background:#fff}h1{font-size:18px;margin:0 0 4px}',
    'p{margin:0 0 6px;font-size:13px}.row{display:flex;gap:8px}figure{margin:0}',
    'figcaption{font-size:13px;font-weight:bold;margin:6px 0 0}</style>',
    '</head><body>',
    `<h1>${escape(title)}</h1>`,
    '<p>Shaded: fault windows (injection until answering again, plus 10 s of grace). One point per minute of load.</p>',
    ...families,
    '<div class="row">',
    lineChart({
      title: 'RSS per instance, MB (a restart starts a new process)',
      yLabel: 'MB',
      series: rss,
      xMax,
      windows,
    }),
    '</div>',
    '</body></html>',
  ].join('\n');
}
