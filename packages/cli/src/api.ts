import type { Envelope } from '@pastebox/contract/errors';
import type { z } from 'zod';
import { CliError, EXIT, exitCodeOf } from './errors';

type Query = Record<string, string | number | boolean | undefined>;

interface CallOptions {
  query?: Query;
  /** A JSON body, or a FormData sent as multipart/form-data. */
  body?: unknown;
}

/** How a failed fetch (no answer at all) reads to the user. */
function unreachable(url: string, error: unknown): CliError {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new CliError(`Cannot reach ${new URL(url).origin}: ${reason}`, EXIT.failure);
}

/** The envelope of an error answer, or null when the body is not one (a proxy's page). */
async function errorEnvelopeOf(response: Response): Promise<Partial<Envelope<unknown>> | null> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as Partial<Envelope<unknown>>;
  } catch {
    return null;
  }
}

/** Turns a non-2xx answer into the CliError a script can switch on (exit code, key). */
export async function answerError(response: Response): Promise<CliError> {
  const envelope = await errorEnvelopeOf(response);
  const key = envelope?.error;
  // SPEC §8: the answer's message, else the status.
  const message = envelope?.message || `HTTP error ${response.status}`;
  const withKey = key ? `${message} (${key})` : message;
  return new CliError(withKey, exitCodeOf(response.status, key), key);
}

/**
 * The API as one caller sees it (DESIGN §4): JSON in the envelope, `Authorization: ApiKey`
 * when a key is given. Answers are checked against the contract's schemas, so a server
 * that answers another shape fails here, clearly, rather than somewhere downstream.
 */
export class PasteboxApi {
  constructor(
    readonly baseUrl: string,
    readonly key?: string,
  ) {}

  /** An absolute URL: /api/… paths and the local storage's relative signed URLs alike. */
  resolve(pathOrUrl: string, query: Query = {}): string {
    const url = new URL(/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) {
        url.searchParams.set(name, String(value));
      }
    }
    return url.toString();
  }

  /** Whether a URL is on this server (the key is sent there, never elsewhere). */
  owns(url: string): boolean {
    return url.startsWith(`${this.baseUrl}/`);
  }

  /** A fetch with the key when the URL is this server's; a network failure exits 1. */
  async fetch(pathOrUrl: string, init: RequestInit = {}, query: Query = {}): Promise<Response> {
    const url = this.resolve(pathOrUrl, query);
    const headers = new Headers(init.headers);
    if (this.key && this.owns(url)) {
      headers.set('authorization', `ApiKey ${this.key}`);
    }
    try {
      return await fetch(url, { ...init, headers });
    } catch (error) {
      throw unreachable(url, error);
    }
  }

  /** One call of the API, its `data` parsed with `schema`; an error answer throws. */
  async call<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    options: CallOptions = {},
  ): Promise<z.infer<S>> {
    const init: RequestInit = { method, headers: { accept: 'application/json' } };
    if (options.body instanceof FormData) {
      init.body = options.body;
    } else if (options.body !== undefined) {
      init.body = JSON.stringify(options.body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    const response = await this.fetch(`/api${path}`, init, options.query);
    if (!response.ok) {
      throw await answerError(response);
    }
    const envelope = (await response.json()) as Envelope<unknown>;
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success) {
      throw new CliError(
        `The server's answer to ${method} /api${path} is not what this client understands ` +
          '(is the server a Pastebox of another version?)',
        EXIT.failure,
      );
    }
    return parsed.data;
  }

  get<S extends z.ZodType>(path: string, schema: S, query?: Query) {
    return this.call('GET', path, schema, query ? { query } : {});
  }

  post<S extends z.ZodType>(path: string, schema: S, body?: unknown) {
    return this.call('POST', path, schema, { body });
  }
}
