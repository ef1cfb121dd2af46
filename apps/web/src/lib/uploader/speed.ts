interface Sample {
  at: number;
  loaded: number;
}

/** How far back the speed looks: long enough to smooth bursts, short enough to follow change. */
const DEFAULT_WINDOW_MS = 5_000;

/**
 * Upload speed and time left from progress samples over a sliding window. Times are passed
 * in (milliseconds), so the meter is a pure calculation a test can drive.
 */
export class SpeedMeter {
  private samples: Sample[] = [];

  constructor(private readonly windowMs: number = DEFAULT_WINDOW_MS) {}

  /** Records that `loaded` bytes had been sent at time `at`. */
  add(loaded: number, at: number): void {
    const last = this.samples[this.samples.length - 1];
    if (last && loaded < last.loaded) {
      // A retried part sends its bytes again: start measuring afresh.
      this.samples = [];
    }
    this.samples.push({ at, loaded });
    const oldest = at - this.windowMs;
    // Keep one sample at or before the window's start, so the window is always spanned.
    while (this.samples.length > 2 && (this.samples[1]?.at ?? at) <= oldest) {
      this.samples.shift();
    }
  }

  /** Bytes per second over the window; null until two samples at least 200 ms apart. */
  speed(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at - first.at < 200) {
      return null;
    }
    return ((last.loaded - first.loaded) * 1000) / (last.at - first.at);
  }

  /** Seconds until `total` bytes are sent at the current speed; null when unknown. */
  secondsLeft(total: number): number | null {
    const speed = this.speed();
    const last = this.samples[this.samples.length - 1];
    if (speed === null || !last || speed <= 0) {
      return null;
    }
    return Math.max(0, (total - last.loaded) / speed);
  }

  reset(): void {
    this.samples = [];
  }
}
