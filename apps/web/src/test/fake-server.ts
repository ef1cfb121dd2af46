import { vi } from 'vitest';

/** What apps/server answers: its envelope around `data`, with the error key on a refusal. */
export const apiAnswer = (status: number, data: unknown, error?: string) =>
  Response.json(
    {
      code: status,
      message: error ?? 'OK',
      data,
      success: status < 300,
      ...(error ? { error } : {}),
    },
    { status },
  );

/** What a test's fake server is given: the URL (resolved as the page would) and the request. */
export type FakeServer = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** Stubs `fetch` so that every request the app makes is answered by `server`. */
export function stubFetch(server: FakeServer) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) =>
      Promise.resolve(server(new URL(input, 'http://localhost'), init)),
    ),
  );
}
