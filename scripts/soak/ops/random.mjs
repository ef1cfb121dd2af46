import { createCipheriv, randomBytes } from 'node:crypto';

/** An integer in [min, max]. */
export function randomInt(min, max) {
  return min + Math.floor(Math.random() * (max - min + 1));
}

/** A random element of `items`, or undefined when there is none. */
export function pick(items) {
  return items.length === 0 ? undefined : items[Math.floor(Math.random() * items.length)];
}

/**
 * `size` bytes from a random 16-byte seed (an AES-CTR key stream): incompressible, so no
 * layer can make a wrong copy look right, and remade from the seed when a Range is checked,
 * so the soak keeps no file in memory.
 */
export function seededContent(size) {
  const seed = randomBytes(16).toString('hex');
  return { seed, bytes: contentFromSeed(seed, size) };
}

/** The bytes `seededContent` made from `seed`. */
export function contentFromSeed(seed, size) {
  const cipher = createCipheriv('aes-128-ctr', Buffer.from(seed, 'hex'), Buffer.alloc(16));
  return cipher.update(Buffer.alloc(size));
}

/** A file size for the load: mostly small, sometimes a few hundred KiB. */
export function fileSize() {
  return Math.random() < 0.8 ? randomInt(1, 64 * 1024) : randomInt(64 * 1024, 768 * 1024);
}

/** A name unique within the run: the client, its counter and a little randomness. */
export function uniqueName(client, prefix) {
  client.counter += 1;
  return `${prefix}-${client.id}-${client.counter}-${randomBytes(3).toString('hex')}`;
}
