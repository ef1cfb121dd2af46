import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { BALANCER_URL } from './haproxy.mjs';
import { S3_CREDENTIALS, S3_ENDPOINT, S3_REGION, s3Client } from './swift.mjs';

// What the load needs, made through the balancer as an admin would: an S3 storage config
// on the soak's Swift (the default one, so file shares land there too), a mount on it, and
// an API key that may write text, files and the mount (fs API and WebDAV).

export const BUCKET = 'soak';
export const STORAGE_FOLDER = 'pastebox';
export const MOUNT_PATH = '/soak';

async function call(method, path, { authorization, json, expected }) {
  const res = await fetch(`${BALANCER_URL}${path}`, {
    method,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== expected) {
    throw new Error(`set-up: ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  }
  return JSON.parse(text).data;
}

/** Resolves with `{ adminAuth, storageConfigId, mountId, apiKey, keyAuth, davAuth }`. */
export async function setUpPastebox(admin) {
  const client = s3Client();
  try {
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  } finally {
    client.destroy();
  }
  const login = await call('POST', '/api/admin/login', { json: admin, expected: 200 });
  const adminAuth = `Bearer ${login.token}`;
  const config = await call('POST', '/api/s3-configs', {
    authorization: adminAuth,
    expected: 201,
    json: {
      name: 'soak-swift',
      provider_type: 'other',
      endpoint_url: S3_ENDPOINT,
      region: S3_REGION,
      bucket_name: BUCKET,
      path_style: true,
      access_key_id: S3_CREDENTIALS.accessKeyId,
      secret_access_key: S3_CREDENTIALS.secretAccessKey,
      default_folder: STORAGE_FOLDER,
      is_default: true,
    },
  });
  const mount = await call('POST', '/api/admin/mounts', {
    authorization: adminAuth,
    expected: 201,
    json: {
      name: 'soak',
      storage_config_id: config.id,
      mount_path: MOUNT_PATH,
      // Cached listings, so that the load tests that a write on one instance drops the
      // cache of the others (the cache epoch in the database, DESIGN §7).
      cache_ttl: 60,
    },
  });
  const key = await call('POST', '/api/admin/api-keys', {
    authorization: adminAuth,
    expected: 201,
    json: {
      name: 'soak-load',
      text_permission: true,
      file_permission: true,
      mount_permission: true,
      basic_path: '/',
    },
  });
  return {
    adminAuth,
    storageConfigId: config.id,
    mountId: mount.id,
    keyAuth: `ApiKey ${key.key}`,
    // WebDAV takes a key as both user name and password (DESIGN §8).
    davAuth: `Basic ${Buffer.from(`${key.key}:${key.key}`).toString('base64')}`,
  };
}
