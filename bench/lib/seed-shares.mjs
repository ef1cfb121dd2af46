import { withServerDatabase } from './settings.mjs';

// Shares written straight into a running server's database (SQLite or PostgreSQL, found
// through the environment the runner started it with), many rows per INSERT inside one
// transaction: creating 100,000 shares through the API would take minutes and measure the
// create path, not the reads a benchmark wants to time. The rows are complete and valid
// for the schema: the default storage config, the admin as creator, ISO 8601 UTC times.

const DAY_MS = 24 * 60 * 60 * 1000;
const ROWS_PER_INSERT = 500;

/** A deterministic pseudo-random sequence in [0, 1), so every run seeds the same shares. */
function randomSequence(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** About `length` characters of Markdown, a typical snippet. */
function pasteContent(index, length) {
  const line = `- item ${index}: pastebox dashboard benchmark text\n`;
  return `# Paste ${index}\n\n${line.repeat(Math.ceil(length / line.length))}`.slice(0, length);
}

/** Inserts row objects (all with the same keys) into `table`, ROWS_PER_INSERT at a time. */
async function insertRows(query, table, rows) {
  const columns = Object.keys(rows[0] ?? {});
  const marks = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const batch = rows.slice(start, start + ROWS_PER_INSERT);
    await query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${batch.map(() => marks).join(', ')}`,
      batch.flatMap((row) => columns.map((column) => row[column])),
    );
  }
}

/**
 * Inserts `pastes` pastes and `files` file shares into the database of server `pid`,
 * created at instants spread evenly at random over the `days` days before `now`.
 * Resolves with what the dashboard should then count: the shares per UTC day
 * (Map day → { pastes, files }), their views, and the bytes of the files.
 */
export async function seedShares(
  pid,
  { pastes, files, days, now = Date.now(), contentLength = 1000 },
) {
  const random = randomSequence(0x5eed);
  const perDay = new Map();
  let views = 0;
  let bytes = 0;
  const stamp = (kind) => {
    const createdAt = new Date(now - Math.floor(random() * days * DAY_MS)).toISOString();
    const day = createdAt.slice(0, 10);
    const counts = perDay.get(day) ?? { pastes: 0, files: 0 };
    counts[kind] += 1;
    perDay.set(day, counts);
    return createdAt;
  };
  const viewCount = () => {
    const count = Math.floor(random() * 20);
    views += count;
    return count;
  };

  await withServerDatabase(pid, async (query) => {
    const [config] = await query('SELECT id FROM storage_configs WHERE is_default = 1', []);
    const [admin] = await query('SELECT id FROM admins', []);
    if (!config || !admin) {
      throw new Error('seedShares: the server has no default storage config or no admin yet');
    }
    const pasteRows = Array.from({ length: pastes }, (_, index) => {
      const createdAt = stamp('pastes');
      return {
        id: `bench-paste-${index}`,
        slug: `bp-${index.toString(36)}`,
        content: pasteContent(index, contentLength),
        format: 'markdown',
        remark: index % 3 === 0 ? `remark ${index}` : null,
        password_hash: null,
        expires_at: null,
        max_views: 0,
        views: viewCount(),
        created_by: admin.id,
        created_at: createdAt,
        updated_at: createdAt,
      };
    });
    const fileRows = Array.from({ length: files }, (_, index) => {
      const createdAt = stamp('files');
      const size = 1024 + Math.floor(random() * 8 * 1024 * 1024);
      bytes += size;
      const slug = `bf-${index.toString(36)}`;
      return {
        id: `bench-file-${index}`,
        slug,
        s3_config_id: config.id,
        path: '/',
        storage_path: `bench/${slug}.bin`,
        filename: `file-${index}.bin`,
        mimetype: 'application/octet-stream',
        size,
        etag: null,
        remark: null,
        password_hash: null,
        expires_at: null,
        max_views: 0,
        views: viewCount(),
        created_by: admin.id,
        status: 'ready',
        created_at: createdAt,
        updated_at: createdAt,
      };
    });
    await query('BEGIN', []);
    try {
      await insertRows(query, 'pastes', pasteRows);
      await insertRows(query, 'files', fileRows);
      await query('COMMIT', []);
    } catch (error) {
      await query('ROLLBACK', []);
      throw error;
    }
  });
  return { perDay, views, bytes };
}
