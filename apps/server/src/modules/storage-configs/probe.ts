import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type { StorageTestResult } from '@pastebox/contract/schemas/storage-config';
import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { StorageDriver } from '@/storage/driver';
import { buildDriver } from '@/storage/registry';
import { S3Driver } from '@/storage/s3';
import { checkBrowserAccess } from './cors-check';
import { StorageConfigsRepo } from './repo';

type Step = StorageTestResult['steps'][number];
type StepName = Step['step'];

/** A step that hangs (an endpoint that swallows packets) fails instead of blocking the test. */
const STEP_TIMEOUT_MS = 20_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer within ${STEP_TIMEOUT_MS / 1000} s`)),
      STEP_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function runStep(name: StepName, work: () => Promise<void>): Promise<Step> {
  const started = performance.now();
  try {
    await withTimeout(work());
    return {
      step: name,
      ok: true,
      skipped: false,
      ms: Math.round(performance.now() - started),
      error: null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message || error.name : String(error);
    return {
      step: name,
      ok: false,
      skipped: false,
      ms: Math.round(performance.now() - started),
      error: message,
    };
  }
}

function skipped(name: StepName): Step {
  return { step: name, ok: false, skipped: true, ms: 0, error: null };
}

async function readAll(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** write → read (content compared) → list (the probe is listed) → delete (and gone). */
async function probeSteps(driver: StorageDriver): Promise<Step[]> {
  const key = `pastebox-probe-${newId()}.txt`;
  const content = `Pastebox storage test ${new Date().toISOString()}\n`;
  const steps: Step[] = [];
  const write = await runStep('write', async () => {
    await driver.put(key, Readable.from([Buffer.from(content)]), {
      size: Buffer.byteLength(content),
      contentType: 'text/plain',
    });
  });
  steps.push(write);
  if (!write.ok) {
    return [...steps, skipped('read'), skipped('list'), skipped('delete')];
  }
  const read = await runStep('read', async () => {
    const got = await readAll((await driver.get(key)).body);
    if (got !== content) {
      throw new Error('The object read back differs from what was written');
    }
  });
  steps.push(read);
  const list = read.ok
    ? await runStep('list', async () => {
        const page = await driver.list(key, { limit: 10 });
        if (!page.objects.some((object) => object.key === key)) {
          throw new Error('The object just written is missing from the listing');
        }
      })
    : skipped('list');
  steps.push(list);
  // Deleting runs whenever the write did, so a failed test leaves no probe behind.
  steps.push(
    await runStep('delete', async () => {
      await driver.delete([key]);
      if (await driver.stat(key)) {
        throw new Error('The object is still there after the delete');
      }
    }),
  );
  return steps;
}

/**
 * POST /api/s3-configs/{id}/test: runs the steps against the stored config with a fresh
 * driver and, for S3, asks the bucket whether a browser on `origin` may upload to it.
 */
export async function testStorageConfig(
  deps: AppDeps,
  id: string,
  requestOrigin: string | null,
): Promise<StorageTestResult> {
  const config = await new StorageConfigsRepo(deps.db).findById(id);
  if (!config) {
    throw new AppError('STORAGE_CONFIG_NOT_FOUND');
  }
  const driver = buildDriver(deps, config);
  try {
    const steps = await probeSteps(driver);
    const origin = deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : requestOrigin;
    const cors =
      driver.kind === 'local'
        ? { status: 'not_applicable' as const, origin, advice: null }
        : await checkBrowserAccess(config, origin);
    return { success: steps.every((step) => step.ok), steps, cors };
  } finally {
    if (driver instanceof S3Driver) {
      driver.close();
    }
  }
}
