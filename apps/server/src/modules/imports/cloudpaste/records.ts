/**
 * CloudPaste's items as the importer sees them, whatever version wrote them (v0.6–v1.9):
 * source.ts reads each schema into these shapes, the steps map them onto Pastebox's.
 * Times are ISO 8601 UTC, or null when none or unreadable (`…Raw` keeps the stored text).
 */

/** A share's password as CloudPaste kept it. */
export interface StoredPassword {
  /** pastes.password / files.password: SHA-256 hex since v0.1, or a plain text value. */
  stored: string | null;
  /** paste_passwords / file_passwords.plain_password (v0.6+), when a row is there. */
  plain: string | null;
}

export interface ShareRules {
  expiresAt: string | null;
  expiresAtRaw: string | null;
  maxViews: number;
  views: number;
}

export interface CpPaste extends ShareRules {
  id: string;
  slug: string;
  content: string;
  title: string | null;
  remark: string | null;
  password: StoredPassword;
  /** pastes.is_public (v1.x); false: only its creator read it. */
  isPublic: boolean;
}

export interface CpStorageConfig {
  id: string;
  name: string;
  /** 'S3', 'WEBDAV', 'LOCAL', 'ONEDRIVE'… (always S3 before v0.9's storage_configs). */
  storageType: string;
  providerType: string;
  endpointUrl: string | null;
  bucketName: string | null;
  region: string | null;
  pathStyle: boolean;
  /** As stored: `encrypted:<HMAC>:<base64>` or plain. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  customHost: string | null;
  signatureExpiresIn: number | null;
  totalStorageBytes: number | null;
}

export interface CpFile extends ShareRules {
  id: string;
  slug: string;
  filename: string;
  storageConfigId: string;
  storageType: string;
  storagePath: string;
  mimetype: string;
  size: number;
  etag: string | null;
  remark: string | null;
  password: StoredPassword;
}

export interface CpMount {
  id: string;
  name: string;
  storageType: string;
  storageConfigId: string | null;
  mountPath: string;
  remark: string | null;
  isActive: boolean;
  sortOrder: number;
  cacheTtl: number;
}

export interface CpApiKey {
  id: string;
  name: string;
  key: string;
  text: boolean;
  file: boolean;
  /** Every mount right CloudPaste had (view, upload, copy, rename, delete). */
  mountFull: boolean;
  /** Some mount or WebDAV right, but not all of them. */
  mountPartial: boolean;
  basicPath: string;
  expiresAt: string | null;
  expiresAtRaw: string | null;
  /** api_keys.is_enable (v1.x); keys of earlier versions are all enabled. */
  enabled: boolean;
  /** role GUEST or is_guest: CloudPaste's password-free visitor key. */
  guest: boolean;
}

export interface CloudpasteDump {
  /** Which schema generation was read: 's3_configs' (v0.6–v0.8) or 'storage_configs' (v0.9+). */
  schema: 's3_configs' | 'storage_configs';
  storageConfigs: CpStorageConfig[];
  files: CpFile[];
  mounts: CpMount[];
  pastes: CpPaste[];
  apiKeys: CpApiKey[];
}
