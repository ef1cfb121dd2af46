import fs from 'node:fs';

// RSS of each instance's process, read from /proc every SAMPLE_EVERY_MS. With WORKERS=1 an
// instance is one process; each life (a restart is a new process) is judged on its own.

export const SAMPLE_EVERY_MS = 5000;
/** A life is judged when it lasted at least this long... */
export const JUDGED_LIFE_MS = 90_000;
/** ...from its warm-up level: the highest sample between these two ages... */
export const WARM_UP_FROM_MS = 30_000;
export const WARM_UP_TO_MS = 60_000;
/** ...to its end level (the median of its last three samples), which may exceed it by this. */
export const ALLOWED_GROWTH_KB = 60 * 1024;

function rssKb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Samples every instance until stopped; `samples` is `{ t, instance, pid, rssKb }[]`. */
export function startMemorySampler(instances, now) {
  const samples = [];
  const sample = () => {
    for (const instance of instances.list) {
      const pid = instance.child?.pid;
      const kb = pid ? rssKb(pid) : null;
      if (kb !== null) {
        samples.push({ t: now(), instance: instance.name, pid, rssKb: kb });
      }
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return { samples, stop: () => clearInterval(timer) };
}

/**
 * Each process life's verdict: `{ instance, pid, spanS, warmUpMb, endMb, growthMb, judged,
 * flat }`. Lives shorter than JUDGED_LIFE_MS are listed but not judged.
 */
export function judgeMemory(samples) {
  const lives = new Map();
  for (const s of samples) {
    const key = `${s.instance}:${s.pid}`;
    const life = lives.get(key) ?? [];
    life.push(s);
    lives.set(key, life);
  }
  return [...lives.values()].map((life) => {
    const first = life[0].t;
    const span = life.at(-1).t - first;
    const warm = life.filter((s) => s.t - first >= WARM_UP_FROM_MS && s.t - first <= WARM_UP_TO_MS);
    const last = life
      .slice(-3)
      .map((s) => s.rssKb)
      .sort((a, b) => a - b);
    const endKb = last[Math.floor(last.length / 2)];
    const warmKb = warm.length ? Math.max(...warm.map((s) => s.rssKb)) : null;
    const judged = span >= JUDGED_LIFE_MS && warmKb !== null;
    return {
      instance: life[0].instance,
      pid: life[0].pid,
      spanS: Math.round(span / 1000),
      warmUpMb: warmKb === null ? null : +(warmKb / 1024).toFixed(1),
      endMb: +(endKb / 1024).toFixed(1),
      peakMb: +(Math.max(...life.map((s) => s.rssKb)) / 1024).toFixed(1),
      growthMb: warmKb === null ? null : +((endKb - warmKb) / 1024).toFixed(1),
      judged,
      flat: !judged || endKb <= warmKb + ALLOWED_GROWTH_KB,
    };
  });
}
