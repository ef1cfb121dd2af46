import os from 'node:os';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list (blank entries dropped), each item checked by `item`. */
function commaList<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));
}

/** A comma-separated list that stays undefined when unset (an OIDC_* value fixes a field). */
function setCommaList<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item))
    .optional();
}

/** Every environment variable the server reads, checked once at boot (README lists them). */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: commaList(z.url({ message: 'must be a comma-separated list of origins' })),
  TRUST_PROXY: booleanFromEnv.default(false),
  /**
   * How many proxies in front of the server append to X-Forwarded-For (with TRUST_PROXY).
   * The client address is the entry that many hops from the right: never one the client wrote.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /**
   * Folders outside DATA_DIR that a `local` storage config may use, separated by commas
   * (DESIGN §5). Empty: every local root stays inside DATA_DIR.
   */
  LOCAL_ROOTS: commaList(z.string().startsWith('/', 'must be absolute paths, separated by commas')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One line per request at info level (lib/telemetry/request-observer.ts); off saves its cost. */
  LOG_REQUESTS: booleanFromEnv.default(true),
  /**
   * The bearer token Prometheus scrapes /metrics with; unset, /metrics answers 404 and no
   * request is counted.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Names this instance in metrics (instance_id); default hostname:PORT. */
  INSTANCE_ID: z.string().min(1).max(200).optional(),
  ADMIN_USERNAME: z.string().min(1).max(100).optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  WEB_DIST: z.string().optional(),
  /**
   * How many processes serve requests, sharing the port (node:cluster); 1 runs a lone
   * process. Everything they share lives in the database, as between scaled-out instances.
   */
  WORKERS: z.coerce.number().int().min(1).max(256).default(os.availableParallelism()),
  /** URL upload may fetch loopback/private/link-local addresses (DESIGN §5); tests, labs only. */
  ALLOW_PRIVATE_URLS: booleanFromEnv.default(false),
  /**
   * Passkeys (issue 32): the WebAuthn relying party id (a domain) and the web app's origin,
   * when they are not those of the request's public URL — a web app served from another
   * origin than the API (CORS_ORIGINS). A passkey is bound to the id: changing it later
   * orphans every passkey made before.
   */
  WEBAUTHN_RP_ID: z.string().min(1).max(253).optional(),
  WEBAUTHN_ORIGIN: z.url().optional(),
  /**
   * Single sign-on (OpenID Connect, issue 32). Each one set fixes its field of the SSO
   * settings (the environment wins over Settings); OIDC_ISSUER set turns SSO on.
   */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().max(2000).optional(),
  OIDC_SCOPES: z.string().max(200).optional(),
  OIDC_NAME: z.string().max(200).optional(),
  OIDC_ALLOWED_DOMAINS: setCommaList(z.string().toLowerCase()),
  OIDC_ROLE_CLAIM: z.string().max(100).optional(),
  OIDC_ADMIN_VALUES: setCommaList(z.string()),
  /** The rights of members signed in by SSO: any of text, file, mount, comma-separated. */
  OIDC_MEMBER_PERMISSIONS: setCommaList(
    z.enum(['text', 'file', 'mount'], { message: 'must be text, file and/or mount' }),
  ),
  OIDC_CREATE_ACCOUNTS: booleanFromEnv.optional(),
  OIDC_HIDE_PASSWORD_FORM: booleanFromEnv.optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming each problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(blankAsUnset);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
