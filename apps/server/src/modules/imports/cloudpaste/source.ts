import Sqlite from 'better-sqlite3';
import type {
  CloudpasteDump,
  CpApiKey,
  CpFile,
  CpMount,
  CpPaste,
  CpStorageConfig,
  ShareRules,
  StoredPassword,
} from './records';

/** A row as better-sqlite3 answers it (a column a version lacks reads undefined). */
type Row = Record<string, string | number | bigint | null | undefined>;

/** CloudPaste's permission bits (backend/src/constants/permissions.js, v0.8+). */
const TEXT_SHARE = 1 << 0;
const FILE_SHARE = 1 << 1;
const MOUNT_BITS = [8, 9, 10, 11, 12].map((bit) => 1 << bit);
const WEBDAV_BITS = [16, 17].map((bit) => 1 << bit);

const text = (value: Row[string]): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);
const number = (value: Row[string]): number =>
  typeof value === 'number' ? value : Number(value ?? 0) || 0;
// JSON fields (config_json) may hold a boolean where columns hold 0 or 1.
const flag = (value: unknown): boolean => value === 1 || value === true || value === '1';

/**
 * CloudPaste writes SQLite's CURRENT_TIMESTAMP ('2025-01-31 08:00:00', UTC) or a JS ISO
 * string; both become ISO 8601 UTC. Null when empty or unreadable.
 */
export function cloudpasteTime(value: Row[string]): string | null {
  const raw = text(value);
  if (!raw) {
    return null;
  }
  const isoish = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(raw)
    ? `${raw.replace(' ', 'T')}Z`
    : raw;
  const time = new Date(isoish);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/**
 * Reads a CloudPaste SQLite or D1 export (v0.6–v1.9) without writing to it. The schema is
 * recognised by its tables and columns (PRAGMA table_info), not by a version number, which
 * the database does not record before v1.6.
 */
export function readCloudpaste(file: string): CloudpasteDump {
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const columns = (table: string) =>
      new Set(
        (db.prepare(`PRAGMA table_info(${table})`).all() as Row[]).map((c) => String(c.name)),
      );
    const rows = (table: string): Row[] =>
      columns(table).size === 0 ? [] : (db.prepare(`SELECT * FROM ${table}`).all() as Row[]);
    const plainPasswords = (table: string, idColumn: string) =>
      new Map(rows(table).map((row) => [String(row[idColumn]), text(row.plain_password)]));
    if (columns('pastes').size === 0) {
      throw new Error(`${file} is not a CloudPaste database (it has no pastes table)`);
    }
    const modern = columns('storage_configs').size > 0;
    const pastePlain = plainPasswords('paste_passwords', 'paste_id');
    const filePlain = plainPasswords('file_passwords', 'file_id');
    return {
      schema: modern ? 'storage_configs' : 's3_configs',
      storageConfigs: modern
        ? rows('storage_configs').map(modernConfigOf)
        : rows('s3_configs').map(legacyConfigOf),
      files: rows('files').map((row) => fileOf(row, filePlain)),
      mounts: rows('storage_mounts').map(mountOf),
      pastes: rows('pastes').map((row) => pasteOf(row, pastePlain)),
      apiKeys: rows('api_keys').map(apiKeyOf),
    };
  } finally {
    db.close();
  }
}

function rulesOf(row: Row): ShareRules {
  return {
    expiresAt: cloudpasteTime(row.expires_at),
    expiresAtRaw: text(row.expires_at),
    maxViews: number(row.max_views),
    views: number(row.views),
  };
}

function passwordOf(row: Row, plain: Map<string, string | null>): StoredPassword {
  return { stored: text(row.password), plain: plain.get(String(row.id)) ?? null };
}

function pasteOf(row: Row, plain: Map<string, string | null>): CpPaste {
  return {
    id: String(row.id),
    slug: String(row.slug),
    content: String(row.content ?? ''),
    title: text(row.title),
    remark: text(row.remark),
    password: passwordOf(row, plain),
    isPublic: row.is_public === undefined || flag(row.is_public),
    ...rulesOf(row),
  };
}

function fileOf(row: Row, plain: Map<string, string | null>): CpFile {
  return {
    id: String(row.id),
    slug: String(row.slug),
    filename: String(row.filename),
    // v0.6–v0.7: s3_config_id; v0.8+: storage_config_id with storage_type beside it.
    storageConfigId: String(row.storage_config_id ?? row.s3_config_id ?? ''),
    storageType: text(row.storage_type)?.toUpperCase() ?? 'S3',
    storagePath: String(row.storage_path),
    mimetype: text(row.mimetype) ?? 'application/octet-stream',
    size: number(row.size),
    etag: text(row.etag),
    remark: text(row.remark),
    password: passwordOf(row, plain),
    ...rulesOf(row),
  };
}

/** v0.6–v0.8: one s3_configs row per bucket, every field a column. */
function legacyConfigOf(row: Row): CpStorageConfig {
  return s3ConfigOf(String(row.id), String(row.name), 'S3', row);
}

/** v0.9+: storage_configs, the driver's fields in config_json. */
function modernConfigOf(row: Row): CpStorageConfig {
  let fields: Row = {};
  try {
    fields = JSON.parse(String(row.config_json ?? '{}')) as Row;
  } catch {
    // An unreadable config_json leaves the fields empty: the config is then skipped.
  }
  const storageType = String(row.storage_type ?? 'S3').toUpperCase();
  return s3ConfigOf(String(row.id), String(row.name), storageType, fields);
}

function s3ConfigOf(id: string, name: string, storageType: string, fields: Row): CpStorageConfig {
  const totalBytes = number(fields.total_storage_bytes);
  const expiresIn = number(fields.signature_expires_in);
  return {
    id,
    name,
    storageType,
    providerType: text(fields.provider_type) ?? 'Other',
    endpointUrl: text(fields.endpoint_url),
    bucketName: text(fields.bucket_name),
    region: text(fields.region),
    pathStyle: flag(fields.path_style),
    accessKeyId: text(fields.access_key_id),
    secretAccessKey: text(fields.secret_access_key),
    customHost: text(fields.custom_host),
    signatureExpiresIn: expiresIn > 0 ? expiresIn : null,
    totalStorageBytes: totalBytes > 0 ? totalBytes : null,
  };
}

function mountOf(row: Row): CpMount {
  return {
    id: String(row.id),
    name: String(row.name),
    storageType: String(row.storage_type ?? 'S3').toUpperCase(),
    storageConfigId: text(row.storage_config_id),
    mountPath: String(row.mount_path),
    remark: text(row.remark),
    isActive: row.is_active === undefined || flag(row.is_active),
    sortOrder: number(row.sort_order),
    cacheTtl: number(row.cache_ttl ?? 300),
  };
}

function apiKeyOf(row: Row): CpApiKey {
  const rights =
    row.permissions === undefined
      ? // v0.6–v0.7: three booleans; mount_permission was every mount right at once.
        {
          text: flag(row.text_permission),
          file: flag(row.file_permission),
          mountFull: flag(row.mount_permission),
          mountPartial: false,
        }
      : rightsOfBits(number(row.permissions));
  return {
    id: String(row.id),
    name: String(row.name),
    key: String(row.key),
    ...rights,
    basicPath: text(row.basic_path) ?? '/',
    expiresAt: cloudpasteTime(row.expires_at),
    expiresAtRaw: text(row.expires_at),
    enabled: row.is_enable === undefined || flag(row.is_enable),
    guest: flag(row.is_guest) || String(row.role ?? '').toUpperCase() === 'GUEST',
  };
}

/** v0.8+: the permission bit mask. Pastebox has one mount right, so only all of them make it. */
function rightsOfBits(bits: number) {
  const mountHeld = [...MOUNT_BITS, ...WEBDAV_BITS].filter((bit) => (bits & bit) !== 0);
  const mountFull = MOUNT_BITS.every((bit) => (bits & bit) !== 0);
  return {
    text: (bits & TEXT_SHARE) !== 0,
    file: (bits & FILE_SHARE) !== 0,
    mountFull,
    mountPartial: !mountFull && mountHeld.length > 0,
  };
}
