import { z } from 'zod';

/** The backup format this build writes and reads; a change to the layout bumps it. */
export const BACKUP_FORMAT = 1;

export const MANIFEST_ENTRY = 'manifest.json';
/** The manifest's own SHA-256, so a changed byte in it is noticed as well. */
export const MANIFEST_DIGEST_ENTRY = 'manifest.sha256';
export const SECRET_ENTRY = 'secret.key';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * What a backup holds (docs/backup.md). Every tar entry but the manifest and its digest is
 * listed in `entries` with its size and SHA-256; a restore reads them all and compares
 * before it writes anything.
 */
export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  app_version: z.string(),
  /** The database it was read from: 'sqlite' or 'postgres' (rows restore into either). */
  dialect: z.enum(['sqlite', 'postgres']),
  created_at: z.string(),
  /** The migrations the database had run: the schema of the rows. */
  migrations: z.array(z.string()).min(1),
  /** Where the secret came from: SECRET in the environment or DATA_DIR/secret.key. */
  secret_source: z.enum(['env', 'file']),
  tables: z.array(
    z.object({
      name: z.string(),
      rows: z.number().int().min(0),
      /** SHA-256 of the table's JSON lines, its parts one after the other. */
      sha256,
      /** The order-free digest of its rows (rows.ts), compared after the restore. */
      rows_digest: sha256,
      /** Its tar entries, each up to a few thousand rows of JSON lines. */
      parts: z.array(z.string()),
    }),
  ),
  /** Files of local storage configs: the config, the path under its root, the entry. */
  files: z.array(
    z.object({
      config_id: z.string(),
      path: z.string(),
      size: z.number().int().min(0),
      sha256,
      entry: z.string(),
    }),
  ),
  entries: z.record(z.string(), z.object({ size: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;
