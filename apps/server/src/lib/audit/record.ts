import type { Context, Handler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { creatorOf, type AppDeps, type AppEnv, type Principal } from '@/context';
import { isAppError } from '../errors';
import { clientIpOf } from '../principal';
import { auditRecorderOf } from './recorder';

/** Who did it, as the audit log names them. */
export interface AuditActor {
  type: 'account' | 'apikey' | 'anonymous';
  id: string | null;
  name: string | null;
}

/** What a handler adds to its call's entry: a clearer target, details, the actor it found. */
export interface AuditNote {
  target?: string | null;
  detail?: Record<string, unknown>;
  actor?: AuditActor;
}

/** Where a request came from. */
export interface AuditOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** One entry, from anywhere (a request, a job, WebDAV). */
export interface AuditEntry extends AuditNote {
  action: string;
  outcome: 'success' | 'failure';
}

const notes = new WeakMap<Context<AppEnv>, AuditNote>();

/** Adds to the entry the audit log will write for this call (audited routes only). */
export function noteAudit(c: Context<AppEnv>, note: AuditNote): void {
  notes.set(c, { ...notes.get(c), ...note });
}

/** The principal as an audit actor. */
export function actorOf(principal: Principal): AuditActor {
  switch (principal.type) {
    case 'admin':
    case 'member':
      return { type: 'account', id: creatorOf(principal), name: principal.username };
    case 'apikey':
      return { type: 'apikey', id: creatorOf(principal), name: principal.name };
    case 'none':
      return { type: 'anonymous', id: null, name: null };
  }
}

/** Queues one entry; never throws and never waits (lib/audit/recorder.ts). */
export function recordAuditEntry(deps: AppDeps, origin: AuditOrigin, entry: AuditEntry): void {
  const actor = entry.actor ?? { type: 'anonymous', id: null, name: null };
  auditRecorderOf(deps).record({
    at: deps.clock.now().toISOString(),
    actor_type: actor.type,
    actor_id: actor.id,
    actor_name: actor.name?.slice(0, 100) ?? null,
    ip: origin.ip?.slice(0, 64) ?? null,
    user_agent: origin.userAgent?.slice(0, 512) ?? null,
    action: entry.action,
    target: entry.target?.slice(0, 2000) ?? null,
    outcome: entry.outcome,
    detail:
      entry.detail && Object.keys(entry.detail).length > 0 ? JSON.stringify(entry.detail) : null,
  });
}

/** Where this request came from. */
export function originOf(c: Context<AppEnv>): AuditOrigin {
  return { ip: clientIpOf(c), userAgent: c.req.header('user-agent') ?? null };
}

/** Records an entry for this request: the caller, the address, the note handlers added. */
export function recordAudit(c: Context<AppEnv>, entry: AuditEntry): void {
  const note = notes.get(c);
  recordAuditEntry(c.get('deps'), originOf(c), {
    ...entry,
    actor: entry.actor ?? note?.actor ?? actorOf(c.get('principal')),
    target: entry.target ?? note?.target ?? null,
    detail: { ...note?.detail, ...entry.detail },
  });
}

/**
 * A route handler that records its call under `action` once it answered, success or not.
 * Only audited routes get the wrapper: every other route runs as before, at no cost.
 */
export function auditedRoute(action: string, handler: Handler<AppEnv>): Handler<AppEnv> {
  const settle = (c: Context<AppEnv>, status: number, error?: unknown) => {
    try {
      recordAudit(c, {
        action,
        outcome: status < 400 ? 'success' : 'failure',
        target: notes.get(c)?.target ?? targetOf(c),
        actor: notes.get(c)?.actor ?? actorFallback(c),
        detail: { status, ...(isAppError(error) ? { error: error.key } : {}) },
      });
    } catch (failure) {
      c.get('deps').logger.error({ err: failure }, 'an audit entry could not be queued');
    }
  };
  return (c, next) => {
    let answer: unknown;
    try {
      answer = handler(c, next) as unknown;
    } catch (error) {
      settle(c, statusOf(error), error);
      throw error;
    }
    if (answer instanceof Promise) {
      return (answer as Promise<Response>).then(
        (response) => {
          if (WRITES_WITH_SIZE.has(action) && response.status < 400) {
            // Off the answer's path: the entry waits for a copy of the body, the client not.
            const arriving = createdOf(response).then((created) => {
              noteAudit(c, created);
              settle(c, response.status);
            });
            auditRecorderOf(c.get('deps')).expect(arriving);
          } else {
            settle(c, response.status);
          }
          return response;
        },
        (error: unknown) => {
          settle(c, statusOf(error), error);
          throw error;
        },
      );
    }
    settle(c, (answer as Response).status);
    return answer as Response;
  };
}

/** Writes whose entry names what they made: the new share's slug, the bytes written. */
const WRITES_WITH_SIZE = new Set(['share.create', 'bundle.create', 'fs.write']);

/** The slug and size an answer's `data` names, read from a copy of a JSON answer. */
async function createdOf(response: Response): Promise<AuditNote> {
  if (!response.headers.get('content-type')?.includes('application/json')) {
    return {};
  }
  try {
    const body = (await response.clone().json()) as { data?: Record<string, unknown> | null };
    const data = body.data ?? {};
    const slug = typeof data.slug === 'string' ? data.slug : undefined;
    const size = typeof data.size === 'number' ? data.size : undefined;
    return {
      ...(slug !== undefined ? { target: slug } : {}),
      ...(size !== undefined ? { detail: { size } } : {}),
    };
  } catch {
    return {};
  }
}

function statusOf(error: unknown): number {
  if (isAppError(error)) {
    return error.status;
  }
  return error instanceof HTTPException ? error.status : 500;
}

/** A sign-in names the account it tried, though nobody is signed in yet. */
function actorFallback(c: Context<AppEnv>): AuditActor {
  const actor = actorOf(c.get('principal'));
  if (actor.type !== 'anonymous') {
    return actor;
  }
  const username = jsonField(c, 'username');
  return typeof username === 'string' ? { ...actor, name: username } : actor;
}

/** What the call acted on: its id or slug, else the path(s) or name in its body. */
function targetOf(c: Context<AppEnv>): string | null {
  const params = c.req.param() as Record<string, string | undefined>;
  const fromParams = params.slug ?? params.id;
  if (fromParams) {
    return fromParams;
  }
  for (const field of ['path', 'paths', 'name', 'username', 'slug']) {
    const value = jsonField(c, field);
    if (typeof value === 'string') {
      return value;
    }
    if (Array.isArray(value)) {
      return value.map(String).join(', ');
    }
  }
  const path = c.req.query('path');
  return path ?? null;
}

/** A field of the validated JSON body, when the call had one that passed validation. */
function jsonField(c: Context<AppEnv>, field: string): unknown {
  try {
    const body = (c.req.valid as (target: 'json') => unknown)('json');
    return typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)[field]
      : undefined;
  } catch {
    return undefined;
  }
}
