import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/config';

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      return error;
    }
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8787);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.CORS_ORIGINS).toEqual([]);
  });

  it('treats a blank variable as unset', () => {
    expect(loadConfig({ PORT: '', DATA_DIR: '' })).toMatchObject({
      PORT: 8787,
      DATA_DIR: './data',
    });
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/pastebox',
      CORS_ORIGINS: 'http://a.example, https://b.example',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      DATABASE_URL: 'postgres://u@db:5432/pastebox',
      CORS_ORIGINS: ['http://a.example', 'https://b.example'],
      TRUST_PROXY: true,
      LOG_LEVEL: 'warn',
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://root@db/pastebox'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['CORS_ORIGINS', 'not a url'],
    ['SECRET', 'short'],
    ['ADMIN_PASSWORD', '123'],
    ['PUBLIC_URL', 'example'],
  ])('refuses %s=%j with a ConfigError naming the variable', (name, value) => {
    const error = configErrorOf({ [name]: value });
    expect(error.message).toContain(name);
  });

  it('names every bad variable at once', () => {
    const error = configErrorOf({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('LOG_LEVEL');
  });
});
