import { OpenAPIHono } from '@hono/zod-openapi';
import { ZodError } from 'zod';
import { Hono, type ErrorHandler, type ExecutionContext } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { getPath } from 'hono/utils/url';
import { ERRORS } from '@pastebox/contract/errors';
import { workerLabel } from './cluster';
import type { AppDeps, AppEnv } from './context';
import { isDatabaseUnavailable } from './db/db-errors';
import { answerBasics, jsonAnswer, startRequest } from './lib/answer';
import { withFront, type ApiFront } from './lib/api-route';
import { isClientAbort, logClientAbort } from './lib/client-abort';
import { apiDocsRoutes } from './lib/api-docs';
import { errorBody } from './lib/envelope';
import { AppError, isAppError } from './lib/errors';
import { retryAfterHeader } from './lib/rate-limit';
import { createRouter } from './lib/openapi';
import { linkBaseOf } from './lib/link-base';
import type { SharePageHead } from './lib/share-page';
import { staticWebRoutes } from './lib/static-web';
import { observeRequests } from './lib/telemetry/request-observer';
import { createTelemetry, type Telemetry } from './lib/telemetry/telemetry';
import {
  STORAGE_RETRY_AFTER_SECONDS,
  StorageUnavailableError,
} from './storage/storage-unavailable';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { resolveApiKey } from './modules/api-keys/service';
import { accountRoutes } from './modules/accounts/routes';
import { auditRoutes } from './modules/audit/routes';
import { bundleRoutes } from './modules/bundles/routes';
import { accountAuthRoutes } from './modules/auth/account-routes';
import { authRoutes } from './modules/auth/routes';
import { resolveSessionToken } from './modules/sessions/service';
import { dashboardRoutes } from './modules/dashboard/routes';
import { fileRoutes } from './modules/files/routes';
import { fileRequestRoutes } from './modules/file-requests/routes';
import { fsRoutes } from './modules/fs/routes';
import { localStorageRoutes } from './modules/local-storage/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { mountRoutes } from './modules/mounts/routes';
import { pasteRoutes } from './modules/pastes/routes';
import { previewImageRoutes } from './modules/previews/routes';
import { sharePageHead } from './modules/previews/service';
import { systemRoutes } from './modules/system/routes';
import { systemSettingsRoutes } from './modules/system-settings/routes';
import { taskRoutes } from './modules/tasks/routes';
import { twoFactorRoutes } from './modules/two-factors/routes';
import { ssoRoutes } from './modules/sso/routes';
import { storageConfigRoutes } from './modules/storage-configs/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { urlUploadRoutes } from './modules/url-upload/routes';
import { davLockAdminRoutes } from './modules/webdav/admin/routes';
import { davRoutes } from './modules/webdav/routes';
import { VFS_ERROR_KEYS, vfsErrorMessage } from './vfs/error-keys';
import { VfsError } from './vfs/types';

/**
 * Composes the whole HTTP app from its modules: the API, and the rest (WebDAV, the web
 * app). They are two Hono apps, chosen by path before Hono routes: an API route must be
 * the only match of its path to be answered as one handler (lib/api-route.ts), and the
 * web app's static files and SPA fallback match every path. Holds no module-level state.
 */
export function buildApp(deps: AppDeps) {
  const handleError = errorHandler(deps);
  // The request log and metrics (issue 36), each only when configured.
  const telemetry = createTelemetry(deps, workerLabel());
  const api = apiApp(deps, handleError);
  const web = webApp(deps, handleError, telemetry);
  const front: ApiFront = {
    deps,
    resolvers: { bearer: resolveSessionToken, apiKey: resolveApiKey },
  };
  const route = (request: Request, env?: unknown, executionCtx?: ExecutionContext) =>
    isApiPath(getPath(request))
      ? api.fetch(request, withFront(env, front), executionCtx)
      : web.fetch(request, env, executionCtx);
  const fetch = telemetry.observer ? observeRequests(route, telemetry.observer) : route;
  return { fetch, api, web };
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Every API route under /api, each one handler; an unknown API path answers JSON 404. */
function apiApp(deps: AppDeps, handleError: ErrorHandler<AppEnv>) {
  const app = new OpenAPIHono<AppEnv>();
  if (deps.config.CORS_ORIGINS.length > 0) {
    // An allow-list, never a reflected '*' (DESIGN §1, shape 3). It answers preflights
    // itself, so the request basics run before it (the routes then skip them).
    const allowed = new Set(deps.config.CORS_ORIGINS.map((origin) => new URL(origin).origin));
    app.use('/api/*', answerBasics(deps));
    app.use(
      '/api/*',
      cors({
        origin: (origin) => (allowed.has(origin) ? origin : null),
        allowHeaders: ['Authorization', 'Content-Type', 'X-Requested-With', 'X-Request-Token'],
        allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'],
        exposeHeaders: ['Content-Disposition', 'ETag', 'Content-Length', 'X-Request-Id'],
        maxAge: 600,
      }),
    );
  }

  const api = createRouter();
  api.route('/', systemRoutes);
  api.route('/', systemSettingsRoutes);
  api.route('/', dashboardRoutes);
  api.route('/', authRoutes);
  api.route('/', accountAuthRoutes);
  api.route('/', accountRoutes);
  api.route('/', twoFactorRoutes);
  api.route('/', ssoRoutes);
  api.route('/', auditRoutes);
  api.route('/', apiKeyRoutes);
  api.route('/', pasteRoutes);
  api.route('/', storageConfigRoutes);
  api.route('/', fileRoutes);
  api.route('/', bundleRoutes);
  api.route('/', previewImageRoutes);
  api.route('/', fileRequestRoutes);
  api.route('/', uploadRoutes);
  api.route('/', localStorageRoutes);
  api.route('/', urlUploadRoutes);
  api.route('/', mountRoutes);
  api.route('/', fsRoutes);
  api.route('/', taskRoutes);
  api.route('/', davLockAdminRoutes);
  api.openAPIRegistry.registerComponent('securitySchemes', 'AdminToken', {
    type: 'http',
    scheme: 'bearer',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'Authorization: ApiKey <key>',
  });
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    // The paths are declared relative to the /api mount; without this, the docs'
    // "try it out" would call /admin/login instead of /api/admin/login.
    servers: [{ url: '/api' }],
    info: {
      title: 'Pastebox API',
      version: '1',
      description:
        'Every answer is { code, message, data, success }; errors add a stable `error` key.',
    },
  });
  api.route('/docs', apiDocsRoutes());
  app.route('/api', api);

  // No route matched (the docs' unknown assets land here too): the API's JSON 404, never
  // the web app's HTML.
  app.notFound((c) => {
    startRequest(c, deps);
    return jsonAnswer(c, errorBody(404, 'NOT_FOUND', 'Not found'), 404);
  });
  app.onError(handleError);
  return app;
}

/** WebDAV, /metrics and the web app, behind the request basics. */
function webApp(deps: AppDeps, handleError: ErrorHandler<AppEnv>, telemetry: Telemetry) {
  const app = new Hono<AppEnv>();
  // Dependencies, the request id and the security headers in one step (lib/answer.ts).
  app.use('*', answerBasics(deps));
  // Before the web app, whose SPA fallback would answer any path.
  app.route('/', metricsRoutes(deps, telemetry.metrics));
  // WebDAV (DESIGN §8) outside the OpenAPI router and its JSON body limits: PUT streams.
  app.route('/', davRoutes());
  if (deps.webDist) {
    app.route('/', staticWebRoutes(deps.webDist, linkPreviewHead));
  }
  app.onError(handleError);
  return app;
}

/** A share page's link-preview tags (modules/previews), in the reader's language. */
const linkPreviewHead: SharePageHead = (c, share) =>
  sharePageHead(c.get('deps'), {
    ...share,
    acceptLanguage: c.req.header('Accept-Language'),
    baseUrl: linkBaseOf(c),
  });

/** Every error of either app as the envelope (DESIGN §4); a 500 names its request id. */
function errorHandler(deps: AppDeps): ErrorHandler<AppEnv> {
  return (caught, c) => {
    // An error may come before the request basics ran (a route dispatched without its front).
    startRequest(c, deps);
    if (isClientAbort(caught)) {
      // A cancelled upload: one quiet line, and an answer nobody is left to read.
      const request = { requestId: c.get('requestId'), method: c.req.method, path: c.req.path };
      logClientAbort(deps.logger, request);
      return jsonAnswer(
        c,
        errorBody(400, 'VALIDATION_FAILED', 'The client aborted the upload'),
        400,
      );
    }
    // The file system's typed failures answer like every other error (DESIGN §7).
    const error =
      caught instanceof VfsError
        ? new AppError(VFS_ERROR_KEYS[caught.code], vfsErrorMessage(caught))
        : caught;
    if (error instanceof StorageUnavailableError) {
      // The storage did not answer (storage/storage-unavailable.ts): the client may retry.
      const request = { requestId: c.get('requestId'), path: c.req.path };
      deps.logger.warn({ err: error.cause, ...request }, 'storage unavailable');
      const body = errorBody(503, error.key, error.message);
      return jsonAnswer(c, body, 503, { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) });
    }
    if (isAppError(error)) {
      const extra = error.details ? { details: error.details } : {};
      const body = errorBody(error.status, error.key, error.message, extra);
      // A 429 says when to retry (lib/rate-limit.ts), on every rate-limited route.
      return jsonAnswer(c, body, error.status, retryAfterHeader(error));
    }
    if (error instanceof ZodError) {
      const details = error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
      return jsonAnswer(
        c,
        errorBody(400, 'VALIDATION_FAILED', 'Invalid request', { details }),
        400,
      );
    }
    if (error instanceof SyntaxError && c.req.header('content-type')?.includes('json')) {
      return jsonAnswer(c, errorBody(400, 'VALIDATION_FAILED', 'Malformed JSON body'), 400);
    }
    // Hono's validators throw these for a malformed JSON body (400) or a body that is not
    // JSON at all (415); both are the caller's mistake, not a server error.
    if (error instanceof HTTPException && (error.status === 400 || error.status === 415)) {
      const message = error.status === 400 ? 'Malformed JSON body' : 'Send the body as JSON';
      return jsonAnswer(c, errorBody(400, 'VALIDATION_FAILED', message), 400);
    }
    const id = c.get('requestId');
    if (isDatabaseUnavailable(error)) {
      // The database dropped the connection or stayed locked: the client may retry.
      deps.logger.warn({ err: error, requestId: id, path: c.req.path }, 'database unavailable');
      return jsonAnswer(
        c,
        errorBody(503, 'DATABASE_UNAVAILABLE', ERRORS.DATABASE_UNAVAILABLE.message),
        503,
        { 'retry-after': '1' },
      );
    }
    deps.logger.error(
      { err: error, requestId: id, method: c.req.method, path: c.req.path },
      'unhandled error',
    );
    return jsonAnswer(
      c,
      errorBody(500, 'INTERNAL', 'Internal server error', { requestId: id }),
      500,
    );
  };
}

export type App = ReturnType<typeof buildApp>;
