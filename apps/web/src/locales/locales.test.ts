import { ERROR_KEYS } from '@pastebox/contract/errors';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      out.set(path, value);
    } else {
      flatten(value, path).forEach((v, k) => out.set(k, v));
    }
  }
  return out;
}

const en = flatten(enUS);
const zh = flatten(zhCN);

describe('locales', () => {
  it('zh-CN has every en-US key and no extra ones', () => {
    expect([...en.keys()].filter((k) => !zh.has(k))).toEqual([]);
    expect([...zh.keys()].filter((k) => !en.has(k))).toEqual([]);
  });

  it('no translation is empty', () => {
    expect([...en].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    expect([...zh].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('both use the same interpolation variables', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...en].filter(
      ([k, v]) => JSON.stringify(vars(v)) !== JSON.stringify(vars(zh.get(k) ?? '')),
    );
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it('every server error key has a message in both languages', () => {
    expect(ERROR_KEYS.filter((k) => !en.has(`errors.${k}`))).toEqual([]);
    expect(ERROR_KEYS.filter((k) => !zh.has(`errors.${k}`))).toEqual([]);
  });
});
