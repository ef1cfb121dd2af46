import { Hono, type Context } from 'hono';
import type { AppEnv } from '@/context';
import { isClientAbort, logClientAbort } from '@/lib/client-abort';
import { isAppError } from '@/lib/errors';
import { resolvePrincipal } from '@/lib/principal';
import { RateLimitedError } from '@/lib/rate-limit';
import { resolveApiKey } from '@/modules/api-keys/service';
import { resolveSessionToken } from '@/modules/sessions/service';
import { mountSource } from '@/modules/mounts/service';
import { rawBodyOf } from '@/modules/uploads/service';
import { fileSystemFor } from '@/vfs/file-system';
import { vfsErrorMessage } from '@/vfs/error-keys';
import { normalPath } from '@/vfs/paths';
import { VfsError } from '@/vfs/types';
import { recordAudit, type AuditActor } from '@/lib/audit/record';
import { authenticate, challenge, tooManyAttempts } from './auth';
import type { DavContext, DavHandler } from './context';
import { DavHttpError, reasonOf, reasonResponse, withReason } from './errors';
import { lockHandler, unlockHandler } from './locks';
import { davLocking } from './locks/holder';
import { copyHandler, moveHandler } from './methods/copy-move';
import { deleteHandler } from './methods/delete';
import { getHandler } from './methods/get';
import { mkcolHandler } from './methods/mkcol';
import { DAV_METHODS, optionsResponse } from './methods/options';
import { propfindHandler } from './methods/propfind';
import { putHandler } from './methods/put';
import { destinationVirtualPath, hrefOf, requestVirtualPath } from './paths';
import { proppatchHandler } from './props';
import { davStatusOf } from './status';
import { errorResponse } from './xml/write';

/**
 * /dav (DESIGN §8): a second front door on the same FileSystem as the fs API. Outside the
 * OpenAPI router (no JSON body limits: PUT streams), one handler per method.
 */

const HANDLERS: Record<string, DavHandler> = {
  PROPFIND: propfindHandler,
  PROPPATCH: proppatchHandler,
  MKCOL: mkcolHandler,
  GET: getHandler,
  HEAD: getHandler,
  PUT: putHandler,
  DELETE: deleteHandler,
  COPY: copyHandler,
  MOVE: moveHandler,
  LOCK: lockHandler,
  UNLOCK: unlockHandler,
};

/** A path as the file system spells it; `..` and friends are a 400, never a way out. */
function normal(raw: string): string {
  try {
    return normalPath(raw);
  } catch (error) {
    if (error instanceof VfsError) {
      throw new DavHttpError(400, undefined, [], error.message);
    }
    throw error;
  }
}

/**
 * Every refusal with a body (RFC 4918 §16): the `DAV:error` with its precondition element
 * where one applies, else one line of text saying why. An unexpected failure says only
 * its status's reason; the log has the rest.
 */
function failure(c: Context<AppEnv>, error: unknown): Response {
  if (error instanceof RateLimitedError) {
    return tooManyAttempts(error);
  }
  if (error instanceof DavHttpError) {
    return error.condition
      ? errorResponse(error.status, error.condition, error.hrefs)
      : reasonResponse(error.status, error.message);
  }
  if (isClientAbort(error)) {
    // A drive client that gave up mid-PUT: its decision, not a server failure.
    const request = { requestId: c.get('requestId'), method: c.req.method, path: c.req.path };
    logClientAbort(c.get('deps').logger, request);
    return reasonResponse(400, 'the client aborted the request');
  }
  const status = davStatusOf(error);
  if (status >= 500 && !(error instanceof VfsError)) {
    c.get('deps').logger.error(
      { err: error, method: c.req.method, path: c.req.path },
      'WebDAV request failed',
    );
  }
  return reasonResponse(status, publicReason(error, status));
}

/** What a failure may say to the client: the file system's and the app's own words, no more. */
function publicReason(error: unknown, status: number): string {
  if (error instanceof VfsError) {
    return vfsErrorMessage(error);
  }
  if (isAppError(error) && status < 500) {
    return error.message;
  }
  return reasonOf(status);
}

async function handle(c: Context<AppEnv>): Promise<Response> {
  const method = c.req.method.toUpperCase();
  if (method === 'OPTIONS') {
    return optionsResponse();
  }
  const handler = HANDLERS[method];
  if (!handler) {
    return reasonResponse(405, `${method} is not a WebDAV method`, { Allow: DAV_METHODS });
  }
  let audit: ((status: number) => void) | null = null;
  try {
    const identity = await authenticate(c);
    if (!identity) {
      return challenge();
    }
    const deps = c.get('deps');
    const ctx: DavContext = {
      deps,
      request: c.req.raw,
      body: () => rawBodyOf(c),
      caller: identity.caller,
      principalId: identity.principalId,
      fs: fileSystemFor(mountSource(deps), identity.caller, {
        now: () => deps.clock.now(),
        ...davLocking(deps, identity.principalId, c.req.raw),
      }),
      // The raw URI, not Hono's decoded path: each segment is decoded once, here.
      path: normal(requestVirtualPath(c.req.url)),
      href: hrefOf,
      destinationPath: (header) => normal(destinationVirtualPath(header, c.req.url)),
    };
    audit = (status) => auditDavWrite(c, method, identity.actor, ctx, status);
    const answer = withReason(await handler(ctx));
    audit(answer.status);
    return answer;
  } catch (error) {
    const answer = failure(c, error);
    audit?.(answer.status);
    return answer;
  }
}

/** The WebDAV methods that write or delete, as the audit log names them (issue 32). */
const AUDITED_DAV_METHODS = new Set(['PUT', 'DELETE', 'MKCOL', 'MOVE', 'COPY', 'PROPPATCH']);

/** Records a WebDAV write: the path (and destination), the size a PUT announced, the status. */
function auditDavWrite(
  c: Context<AppEnv>,
  method: string,
  actor: AuditActor,
  ctx: DavContext,
  status: number,
): void {
  if (!AUDITED_DAV_METHODS.has(method)) {
    return;
  }
  const destination = c.req.header('destination');
  const size = c.req.header('content-length');
  recordAudit(c, {
    action: `dav.${method.toLowerCase()}`,
    outcome: status < 400 ? 'success' : 'failure',
    actor,
    target: ctx.path,
    detail: {
      status,
      ...(method === 'PUT' && size ? { size: Number(size) } : {}),
      ...(destination ? { destination: safeDestination(ctx, destination) } : {}),
    },
  });
}

function safeDestination(ctx: DavContext, header: string): string {
  try {
    return ctx.destinationPath(header);
  } catch {
    return header.slice(0, 500);
  }
}

/** The /dav routes, mounted by app.ts before the web app's fallback. */
export function davRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Accepts Bearer / ApiKey headers too (the client address is worked out when asked for).
  app.use('/dav', resolvePrincipal({ bearer: resolveSessionToken, apiKey: resolveApiKey }));
  app.use('/dav/*', resolvePrincipal({ bearer: resolveSessionToken, apiKey: resolveApiKey }));
  app.all('/dav', handle);
  app.all('/dav/*', handle);
  return app;
}
