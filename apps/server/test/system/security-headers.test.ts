import { describe, expect, it } from 'vitest';
import { API_HEADERS, apiHeaders } from '@/lib/security-headers';

describe('apiHeaders', () => {
  it('is the API set with the request id, written out in full', () => {
    expect(apiHeaders('req-1')).toEqual({ ...API_HEADERS, 'x-request-id': 'req-1' });
  });

  it('is a new object each time, so an answer may add to it', () => {
    const first = apiHeaders('a');
    first['cache-control'] = 'no-store';
    expect(apiHeaders('b')).not.toHaveProperty('cache-control');
    expect(API_HEADERS).not.toHaveProperty('cache-control');
  });
});
