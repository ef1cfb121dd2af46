import fs from 'node:fs';
import path from 'node:path';

/** The secret key the server encrypts with (lib/crypto.ts resolveSecret), and its origin. */
export interface ServerSecret {
  secret: string;
  source: 'env' | 'file';
}

function secretFileOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'secret.key');
}

/**
 * SECRET from the environment, else DATA_DIR/secret.key — read, never created (unlike
 * the server's own resolveSecret): a backup without it could not open a stored S3 key,
 * a TOTP seed or a share's sealed API key.
 */
export function readServerSecret(configured: string | undefined, dataDir: string): ServerSecret {
  if (configured) {
    return { secret: configured, source: 'env' };
  }
  const file = secretFileOf(dataDir);
  if (!fs.existsSync(file)) {
    throw new Error(
      `no SECRET is set and ${file} does not exist: the server was never started here`,
    );
  }
  return { secret: fs.readFileSync(file, 'utf8').trim(), source: 'file' };
}

/**
 * Checks, before anything is written, that the restored server will run with the backup's
 * secret: SECRET, when set, must be it; a secret.key already there must hold it.
 */
export function assertSecretFits(
  backedUp: string,
  configured: string | undefined,
  dataDir: string,
): void {
  if (configured && configured !== backedUp) {
    throw new Error(
      "SECRET is set to another value than the backup's: unset it (the restore writes DATA_DIR/secret.key) or set it to the old one",
    );
  }
  const file = secretFileOf(dataDir);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() !== backedUp) {
    throw new Error(`${file} holds another secret: this DATA_DIR is not fresh`);
  }
}

/** Writes DATA_DIR/secret.key, mode 0600, as the server would have on its first start. */
export function installSecret(secret: string, dataDir: string): void {
  fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  fs.writeFileSync(secretFileOf(dataDir), `${secret}\n`, { mode: 0o600 });
}
