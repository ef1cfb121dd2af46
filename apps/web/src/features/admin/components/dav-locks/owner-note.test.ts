import { describe, expect, it } from 'vitest';
import { ownerNote } from './owner-note';

describe('ownerNote', () => {
  it('keeps the text of what the client wrote, never its markup', () => {
    expect(ownerNote('<D:href xmlns:D="DAV:">http://example.com/~ann</D:href>')).toBe(
      'http://example.com/~ann',
    );
    expect(ownerNote('<x:who xmlns:x="urn:x"> Ann\n  <x:b>B</x:b></x:who>')).toBe('Ann B');
  });

  it('strips tags by hand when the fragment does not parse alone', () => {
    expect(ownerNote('<D:href>WORKGROUP\\ann</D:href>')).toBe('WORKGROUP\\ann');
  });

  it('is null when there is nothing to say, and cut when there is too much', () => {
    expect(ownerNote(null)).toBeNull();
    expect(ownerNote('<D:href xmlns:D="DAV:"> </D:href>')).toBeNull();
    expect(ownerNote('a'.repeat(300))).toBe(`${'a'.repeat(200)}…`);
  });
});
