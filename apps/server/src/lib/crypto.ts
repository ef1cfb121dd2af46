import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hash as digestOnce,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';

/**
 * SHA-256 of a token or key, hex. Every authenticated request and every visit hashes one:
 * the one-shot `crypto.hash` (Node 20.12+) costs a third of a Hash object's 0.7 µs.
 */
export function sha256Hex(value: string): string {
  return digestOnce('sha256', value, 'hex');
}

/** argon2id, the library's default algorithm, with its default costs (DESIGN §5). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** AES-256-GCM and HMAC keyed from SECRET: secrets at rest and signed tokens. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`pastebox:${secret}`).digest();
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) {
      throw new Error('Unknown ciphertext format');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  verifySignature(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/**
 * SECRET from the environment, else the one kept in DATA_DIR/secret.key (created on
 * first start with mode 0600), so encrypted values survive restarts.
 */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) {
    return configured;
  }
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) {
    return fs.readFileSync(file, 'utf8').trim();
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
