import { describe, expect, it } from 'vitest';
import { SpeedMeter } from './speed';

describe('SpeedMeter', () => {
  it('knows nothing until samples span 200 ms', () => {
    const meter = new SpeedMeter();
    expect(meter.speed()).toBeNull();
    meter.add(0, 1000);
    meter.add(1000, 1100);
    expect(meter.speed()).toBeNull();
    expect(meter.secondsLeft(10_000)).toBeNull();
  });

  it('computes bytes per second and the time left', () => {
    const meter = new SpeedMeter();
    meter.add(0, 0);
    meter.add(1_000_000, 1000);
    meter.add(2_000_000, 2000);
    expect(meter.speed()).toBe(1_000_000);
    expect(meter.secondsLeft(10_000_000)).toBe(8);
  });

  it('follows a change of speed through its sliding window', () => {
    const meter = new SpeedMeter(2000);
    for (let second = 0; second <= 10; second += 1) {
      meter.add(second * 100, second * 1000); // 100 B/s for 10 s
    }
    for (let second = 11; second <= 14; second += 1) {
      meter.add(1000 + (second - 10) * 1000, second * 1000); // then 1000 B/s
    }
    expect(meter.speed()).toBe(1000);
  });

  it('starts afresh when the byte count goes back (a part retried)', () => {
    const meter = new SpeedMeter();
    meter.add(0, 0);
    meter.add(5000, 1000);
    meter.add(1000, 1500);
    expect(meter.speed()).toBeNull();
    meter.add(3000, 2500);
    expect(meter.speed()).toBe(2000);
  });

  it('never answers a negative time left', () => {
    const meter = new SpeedMeter();
    meter.add(0, 0);
    meter.add(2000, 1000);
    expect(meter.secondsLeft(1000)).toBe(0);
  });
});
