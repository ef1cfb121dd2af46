import type { StorageTestResult } from '@pastebox/contract/schemas/storage-config';
import type { StorageConfigRow } from './repo';

type CorsReport = StorageTestResult['cors'];

const PREFLIGHT_TIMEOUT_MS = 5_000;

/** The URL a browser PUTs objects to: path-style, virtual-hosted, or AWS's own. */
export function bucketUrlOf(config: StorageConfigRow): string | null {
  const bucket = config.bucket_name;
  if (!bucket) {
    return null;
  }
  if (!config.endpoint_url) {
    return `https://${bucket}.s3.${config.region || 'us-east-1'}.amazonaws.com/`;
  }
  const endpoint = new URL(config.endpoint_url);
  if (config.path_style === 1) {
    return `${endpoint.origin}/${encodeURIComponent(bucket)}/`;
  }
  return `${endpoint.protocol}//${bucket}.${endpoint.host}/`;
}

/** The bucket CORS rule to add, in the JSON form most providers' consoles accept. */
function adviceFor(origin: string): string {
  const rule = [
    {
      AllowedOrigins: [origin],
      AllowedMethods: ['GET', 'PUT', 'HEAD'],
      AllowedHeaders: ['*'],
      ExposeHeaders: ['ETag'],
      MaxAgeSeconds: 3600,
    },
  ];
  return (
    `Browsers on ${origin} cannot upload to this bucket directly: its CORS rules do not ` +
    "allow this origin. Add this rule in the provider's console (ETag must be exposed so " +
    `multipart uploads can read it):\n${JSON.stringify(rule, null, 2)}\n` +
    'Uploads through the server keep working meanwhile.'
  );
}

/**
 * Sends the preflight a browser would send before a presigned PUT (OPTIONS with Origin
 * and Access-Control-Request-Method) and reads the answer: 'ok' when the origin is
 * allowed, 'blocked' with advice when not, 'unknown' when the bucket cannot be asked.
 */
export async function checkBrowserAccess(
  config: StorageConfigRow,
  origin: string | null,
): Promise<CorsReport> {
  const url = bucketUrlOf(config);
  if (!origin || !url) {
    return { status: 'unknown', origin, advice: null };
  }
  try {
    const res = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
      redirect: 'manual',
      signal: AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS),
    });
    await res.body?.cancel();
    const allowed = res.headers.get('access-control-allow-origin');
    const methods = (res.headers.get('access-control-allow-methods') ?? '').toUpperCase();
    const originOk = allowed === '*' || allowed === origin;
    const methodOk = methods === '' || methods.includes('PUT') || methods.includes('*');
    return res.ok && originOk && methodOk
      ? { status: 'ok', origin, advice: null }
      : { status: 'blocked', origin, advice: adviceFor(origin) };
  } catch {
    return { status: 'unknown', origin, advice: null };
  }
}
