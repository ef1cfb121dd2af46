import type { PublicFileRequest } from '@pastebox/contract/schemas/file-request';
import { describe, expect, it } from 'vitest';
import { checkFiles } from './file-check';

const MIB = 1024 * 1024;

function request(overrides: Partial<PublicFileRequest> = {}): PublicFileRequest {
  return {
    slug: 'photos',
    title: 'Photos',
    message: null,
    kind: 'files',
    state: 'open',
    requires_password: false,
    require_name: false,
    require_email: false,
    expires_at: null,
    allowed_types: [],
    max_file_bytes: 0,
    max_files: 0,
    max_total_bytes: 0,
    files_left: null,
    bytes_left: null,
    ...overrides,
  };
}

const file = (name: string, size: number, type = '') =>
  new File([new Uint8Array(size)], name, { type });

describe('checkFiles', () => {
  it('refuses a type or a size before anything is sent, naming the rule', () => {
    const { accepted, refused } = checkFiles(
      request({ allowed_types: ['image/*'], max_file_bytes: MIB }),
      [
        file('a.png', 10, 'image/png'),
        file('b.txt', 10, 'text/plain'),
        file('c.png', MIB + 1, 'image/png'),
      ],
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(refused.map((r) => [r.file.name, r.refusal])).toEqual([
      ['b.txt', { reason: 'type' }],
      ['c.png', { reason: 'tooLarge', max: MIB }],
    ]);
  });

  it('counts files already on their way against what is left', () => {
    const { accepted, refused } = checkFiles(
      request({ files_left: 3, bytes_left: 100 }),
      [file('a', 40), file('b', 40), file('c', 10)],
      { files: 1, bytes: 20 },
    );
    expect(accepted.map((f) => f.name)).toEqual(['a', 'b']);
    expect(refused[0]?.refusal).toEqual({ reason: 'tooMany', left: 0 });
  });

  it('refuses what no longer fits in the total', () => {
    const { refused } = checkFiles(request({ bytes_left: 50 }), [file('a', 30), file('b', 30)]);
    expect(refused).toEqual([
      { file: expect.any(File), refusal: { reason: 'totalTooLarge', left: 20 } },
    ]);
  });
});
