import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body: the `fields` first (the servers want path and options before
 * the file), then `file` as the part named "file". Resolves to `{ body, contentType }`.
 */
export function formBody(fields, filename, file) {
  const boundary = `----pastebox-soak-${randomBytes(12).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
