import { describe, expect, it } from 'vitest';
import { parseEtag } from './etag';

describe('parseEtag', () => {
  it('strips the quotes S3 puts around an ETag', () => {
    expect(parseEtag('"9b2cf535f27731c974343645a3985328"')).toBe(
      '9b2cf535f27731c974343645a3985328',
    );
  });

  it('keeps a multipart-style ETag intact apart from the quotes', () => {
    expect(parseEtag('"d41d8cd98f00b204e9800998ecf8427e-3"')).toBe(
      'd41d8cd98f00b204e9800998ecf8427e-3',
    );
  });

  it('drops a weak prefix, HTML-escaped quotes and surrounding spaces', () => {
    expect(parseEtag(' W/"abc" ')).toBe('abc');
    expect(parseEtag('&quot;abc&quot;')).toBe('abc');
  });

  it('accepts an unquoted value as it is', () => {
    expect(parseEtag('abc123')).toBe('abc123');
  });

  it('answers null when the header is missing or empty (CORS hides it)', () => {
    expect(parseEtag(null)).toBeNull();
    expect(parseEtag(undefined)).toBeNull();
    expect(parseEtag('')).toBeNull();
    expect(parseEtag('""')).toBeNull();
  });
});
