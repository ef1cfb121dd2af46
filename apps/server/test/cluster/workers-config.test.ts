import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/config';

describe('the WORKERS setting', () => {
  it('defaults to the number of cores', () => {
    expect(loadConfig({}).WORKERS).toBe(os.availableParallelism());
    expect(loadConfig({ WORKERS: '' }).WORKERS).toBe(os.availableParallelism());
  });

  it('reads a count, 1 meaning a single process', () => {
    expect(loadConfig({ WORKERS: '1' }).WORKERS).toBe(1);
    expect(loadConfig({ WORKERS: '16' }).WORKERS).toBe(16);
  });

  it.each(['0', '-2', 'two', '1.5', '1000'])('refuses WORKERS=%j, naming it', (value) => {
    expect(() => loadConfig({ WORKERS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: value })).toThrow(/WORKERS/);
  });
});
