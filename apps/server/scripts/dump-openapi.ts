/**
 * Writes the OpenAPI document the app serves at /api/openapi.json to a file, byte for byte,
 * so a refactor of the route declarations can be checked against it:
 *
 *   npx tsx apps/server/scripts/dump-openapi.ts /tmp/openapi-before.json
 *   … change the routes …
 *   npx tsx apps/server/scripts/dump-openapi.ts /tmp/openapi-after.json
 *   cmp /tmp/openapi-before.json /tmp/openapi-after.json
 *
 * It builds the real app on a throw-away SQLite DATA_DIR and asks it in memory (no port).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@/app';
import { createRuntime } from '@/bootstrap';
import { loadConfig } from '@/config';

async function dumpOpenApi(target: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-openapi-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'openapi-dump-password',
      LOG_LEVEL: 'silent',
      SECRET: 'openapi-dump-secret-0123456789',
    });
    const runtime = await createRuntime(config);
    try {
      const app = buildApp(runtime.deps);
      const res = await app.fetch(new Request('http://127.0.0.1/api/openapi.json'));
      if (res.status !== 200) {
        throw new Error(`GET /api/openapi.json answered ${res.status}`);
      }
      fs.writeFileSync(target, await res.text());
    } finally {
      await runtime.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const target = process.argv[2];
if (!target) {
  console.error('usage: npx tsx apps/server/scripts/dump-openapi.ts <output.json>');
  process.exit(2);
}
await dumpOpenApi(target);
console.log(`wrote ${target}`);
