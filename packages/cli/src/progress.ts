import { formatBytes } from './output';

const BAR_WIDTH = 24;
/** Redraw at most this often: a terminal repainting per 64 KiB chunk would flicker. */
const REDRAW_MS = 100;

/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal: a script's
 * captured stderr, or a CI log, gets no carriage-return noise.
 */
export class ProgressBar {
  private loaded = 0;
  private drawnAt = 0;
  private readonly enabled: boolean;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.enabled = stream.isTTY === true;
  }

  add(bytes: number): void {
    this.set(this.loaded + bytes);
  }

  set(loaded: number): void {
    this.loaded = Math.min(loaded, this.total);
    const now = Date.now();
    if (this.enabled && (now - this.drawnAt >= REDRAW_MS || this.loaded === this.total)) {
      this.drawnAt = now;
      this.draw();
    }
  }

  /** Ends the bar's line (when one was drawn). */
  finish(): void {
    if (this.enabled) {
      this.draw();
      this.stream.write('\n');
    }
  }

  private draw(): void {
    const share = this.total > 0 ? this.loaded / this.total : 1;
    const filled = Math.round(share * BAR_WIDTH);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}`;
    const percent = `${Math.floor(share * 100)}`.padStart(3);
    const sizes = `${formatBytes(this.loaded)}/${formatBytes(this.total)}`;
    this.stream.write(`\r${this.label} [${bar}] ${percent}% ${sizes}\u001b[K`);
  }
}
