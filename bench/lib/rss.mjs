import { readProcessMemoryKb } from './server.mjs';

const toMb = (kb) => (kb === null ? null : Math.round((kb / 1024) * 10) / 10);

/**
 * Samples the VmRSS of process `pid` every `intervalMs`. `window()` opens a window that
 * collects the samples until its `close()`, which answers the window's maximum and a
 * curve (the maximum of each second) in MB, as the runner counts them (MiB).
 */
export function sampleRss(pid, intervalMs = 100) {
  const open = new Set();
  const timer = setInterval(() => {
    const kb = readProcessMemoryKb(pid, 'VmRSS');
    if (kb !== null) {
      open.forEach((samples) => samples.push({ at: Date.now(), kb }));
    }
  }, intervalMs);
  timer.unref();
  return {
    window() {
      const samples = [];
      const first = readProcessMemoryKb(pid, 'VmRSS');
      if (first !== null) {
        samples.push({ at: Date.now(), kb: first });
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
    return { maxMb: null, samples: 0, curveMb: [] };
  }
  const start = samples[0].at;
  const perSecond = [];
  for (const { at, kb } of samples) {
    const second = Math.floor((at - start) / 1000);
    perSecond[second] = Math.max(perSecond[second] ?? 0, kb);
  }
  return {
    maxMb: toMb(Math.max(...samples.map((sample) => sample.kb))),
    samples: samples.length,
    curveMb: Array.from(perSecond, (kb) => (kb === undefined ? null : toMb(kb))),
  };
}

/** The process's peak RSS so far (VmHWM) in MB (MiB), null off Linux. */
export const peakRssMb = (pid) => toMb(readProcessMemoryKb(pid, 'VmHWM'));
