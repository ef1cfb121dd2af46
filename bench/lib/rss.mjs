import { readTreeMemoryKb } from './server.mjs';

// Memory of a clustered server (WORKERS, default: one per core) is read over all its
// processes. The figure held against a limit is the largest single process: a transfer
// runs in one worker, so that is where buffering would show; the sum of all processes is
// kept beside it (each idle worker adds its own baseline).

const toMb = (kb) => (kb === null ? null : Math.round((kb / 1024) * 10) / 10);

/**
 * Samples the VmRSS of server `pid` (and its workers) every `intervalMs`. `window()` opens
 * a window that collects the samples until its `close()`, which answers the window's
 * maximum (largest process), the maximum of the sum, and a curve (the maximum of each
 * second, largest process) in MB, as the runner counts them (MiB).
 */
export function sampleRss(pid, intervalMs = 100) {
  const open = new Set();
  const sample = () => {
    const kb = readTreeMemoryKb(pid, 'VmRSS');
    return kb === null ? null : { at: Date.now(), kb: kb.largest, totalKb: kb.total };
  };
  const timer = setInterval(() => {
    const taken = sample();
    if (taken !== null) {
      open.forEach((samples) => samples.push(taken));
    }
  }, intervalMs);
  timer.unref();
  return {
    window() {
      const samples = [];
      const first = sample();
      if (first !== null) {
        samples.push(first);
      }
      open.add(samples);
      return {
        close() {
          open.delete(samples);
          return summarise(samples);
        },
      };
    },
    stop: () => clearInterval(timer),
  };
}

function summarise(samples) {
  if (samples.length === 0) {
    return { maxMb: null, totalMaxMb: null, samples: 0, curveMb: [] };
  }
  const start = samples[0].at;
  const perSecond = [];
  for (const { at, kb } of samples) {
    const second = Math.floor((at - start) / 1000);
    perSecond[second] = Math.max(perSecond[second] ?? 0, kb);
  }
  return {
    maxMb: toMb(Math.max(...samples.map((sample) => sample.kb))),
    totalMaxMb: toMb(Math.max(...samples.map((sample) => sample.totalKb))),
    samples: samples.length,
    curveMb: Array.from(perSecond, (kb) => (kb === undefined ? null : toMb(kb))),
  };
}

/** The server's peak RSS so far (VmHWM of its largest process) in MB (MiB), null off Linux. */
export const peakRssMb = (pid) => toMb(readTreeMemoryKb(pid, 'VmHWM')?.largest ?? null);
