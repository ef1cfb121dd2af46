import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CliError, EXIT } from './errors';

/** What `pastebox login` stores: the server and the API key it checked. */
const storedConfig = z.object({
  url: z.string().min(1),
  key: z.string().min(1),
});
export type StoredConfig = z.infer<typeof storedConfig>;

/** The server and key a command uses. */
export interface ServerLogin {
  /** The server's origin (and base path), without a trailing slash or /api. */
  baseUrl: string;
  key: string;
}

/**
 * The XDG base directory spec: $XDG_CONFIG_HOME, else ~/.config. The folder holds the
 * key, so it is created 0700 and the files in it 0600.
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'pastebox');
}

const configFile = () => path.join(configDir(), 'config.json');

/** Creates the config folder (or a folder inside it) readable by its owner only. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is masked by the umask and ignored for a folder that exists already.
  fs.chmodSync(dir, 0o700);
}

/**
 * Writes `content` to `file` with mode 0600, atomically: a reader (another run, a crash
 * midway) sees the old file or the new one, never half of one.
 */
export function writePrivateFile(file: string, content: string): void {
  ensurePrivateDir(path.dirname(file));
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}

/** Normalises what a user types as the server: no trailing slash, no /api suffix. */
export function normaliseServerUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(input) ? input : `https://${input}`);
  } catch {
    throw new CliError(`Not a server address: ${input}`, EXIT.usage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`The server address must be http or https: ${input}`, EXIT.usage);
  }
  const pathname = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  return `${url.origin}${pathname}`;
}

function sameServer(a: string, b: string): boolean {
  return normaliseServerUrl(a) === normaliseServerUrl(b);
}

export function readStoredConfig(): StoredConfig | null {
  let text: string;
  try {
    text = fs.readFileSync(configFile(), 'utf8');
  } catch {
    return null;
  }
  const parsed = storedConfig.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new CliError(`${configFile()} is not a Pastebox config; log in again`, EXIT.usage);
  }
  return parsed.data;
}

export function saveConfig(config: StoredConfig): string {
  writePrivateFile(configFile(), `${JSON.stringify(config, null, 2)}\n`);
  return configFile();
}

/**
 * The server and key of this run: PASTEBOX_URL and PASTEBOX_KEY override what `login`
 * stored, so a script or CI job needs no config file.
 */
export function currentLogin(env: NodeJS.ProcessEnv = process.env): ServerLogin {
  const stored = readStoredConfig();
  const url = env.PASTEBOX_URL || stored?.url;
  // The stored key belongs to the stored server: never send it to another one.
  const storedKeyFits = stored && (!env.PASTEBOX_URL || sameServer(env.PASTEBOX_URL, stored.url));
  const key = env.PASTEBOX_KEY || (storedKeyFits ? stored.key : undefined);
  if (!url || !key) {
    throw new CliError(
      'Not logged in: run `pastebox login URL`, or set PASTEBOX_URL and PASTEBOX_KEY',
      EXIT.auth,
    );
  }
  return { baseUrl: normaliseServerUrl(url), key };
}

/** The login of this run, or null when there is none (commands that work without a key). */
export function optionalLogin(env: NodeJS.ProcessEnv = process.env): ServerLogin | null {
  try {
    return currentLogin(env);
  } catch {
    return null;
  }
}
