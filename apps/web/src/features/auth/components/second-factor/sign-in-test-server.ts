import { apiAnswer } from '@/test/fake-server';

/** The sign-in tests' server (issue 32): what each path answers, and every call made. */
export const CHALLENGE = 'step-0123456789abcdef';

/** A refusal in the server's envelope, with `details` (the step's challenge, a wait). */
export function refusal(
  status: number,
  key: string,
  details?: { path: string; message: string }[],
): Response {
  return Response.json(
    { code: status, message: key, data: null, success: false, error: key, details },
    { status },
  );
}

/** The 401 of a password that needs a second step, offering `methods`. */
export const stepRequired = (key: string, methods: string) =>
  refusal(401, key, [
    { path: 'challenge', message: CHALLENGE },
    { path: 'methods', message: methods },
  ]);

export const session = (role: 'admin' | 'member' = 'admin') =>
  apiAnswer(200, {
    token: `${role}-tok`,
    expiresAt: '2030-01-01T00:00:00.000Z',
    username: 'ada',
    role,
  });

export interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/** A fake server from a table of handlers by "METHOD /path"; 404 for the rest. */
export function signInServer(routes: Record<string, (body: unknown) => Response>, calls: Call[]) {
  return (url: URL, init?: RequestInit): Response => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({
      method,
      path: url.pathname,
      body,
      authorization: new Headers(init?.headers).get('authorization'),
    });
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(body) : apiAnswer(404, null, 'NOT_FOUND');
  };
}
