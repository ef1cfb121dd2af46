/**
 * Socket error codes of a connection to a peer (the database, the storage) that could not
 * be made or was cut: the peer is unreachable right now, which is no fault of the request.
 * The database's and the storage's classifiers (db/db-errors.ts,
 * storage/storage-unavailable.ts) both turn these into a 503 the client may retry.
 */
export const CONNECTION_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
