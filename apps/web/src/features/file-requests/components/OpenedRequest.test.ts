import type { PublicFileRequest, RequestReceipt } from '@pastebox/contract/schemas/file-request';
import { describe, expect, it } from 'vitest';
import { withOwnReceipts } from './OpenedRequest';

const receipt = (size: number): RequestReceipt => ({
  kind: 'file',
  filename: 'a',
  size,
  received_at: '2026-11-27T10:00:00.000Z',
  // The server's count also holds back the uploads still on their way: not used.
  files_left: 0,
  bytes_left: 0,
});

describe('withOwnReceipts', () => {
  it('counts down what was left at opening by what arrived, not by what is on its way', () => {
    const opened = { files_left: 3, bytes_left: 100 } as PublicFileRequest;
    expect(withOwnReceipts(opened, [receipt(30)])).toMatchObject({
      files_left: 2,
      bytes_left: 70,
    });
    expect(withOwnReceipts(opened, [receipt(90), receipt(90)])).toMatchObject({
      files_left: 1,
      bytes_left: 0,
    });
  });

  it('keeps unlimited unlimited', () => {
    const opened = { files_left: null, bytes_left: null } as PublicFileRequest;
    expect(withOwnReceipts(opened, [receipt(5)])).toMatchObject({
      files_left: null,
      bytes_left: null,
    });
  });
});
