import type { FileRequest } from '@pastebox/contract/schemas/file-request';
import { accountOf, type Principal } from '@/context';
import type { FileRequestsTable } from '@/db/types';
import type { Selectable } from 'kysely';
import { isConfined } from '@/lib/guards';
import type { Caller } from '@/vfs/types';

export type FileRequestRow = Selectable<FileRequestsTable>;

/** The request's allowed types, as stored (JSON array). */
export function allowedTypesOf(row: Pick<FileRequestRow, 'allowed_types'>): string[] {
  try {
    const parsed = JSON.parse(row.allowed_types) as unknown;
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** Where a request stands for a stranger, at `nowIso`. */
export function stateOf(row: FileRequestRow, nowIso: string): FileRequest['state'] {
  if (row.closed_at !== null) {
    return 'closed';
  }
  if (row.expires_at !== null && row.expires_at <= nowIso) {
    return 'expired';
  }
  if (row.max_views > 0 && row.views >= row.max_views) {
    return 'expired';
  }
  const filesLeft = filesLeftOf(row);
  const bytesLeft = bytesLeftOf(row);
  if (filesLeft === 0 || bytesLeft === 0) {
    return 'full';
  }
  return 'open';
}

/** Files still accepted (in-flight uploads count as taken); null = unlimited. */
export function filesLeftOf(row: FileRequestRow): number | null {
  if (row.max_files <= 0) {
    return null;
  }
  return Math.max(0, row.max_files - row.files_received - row.files_reserved);
}

/** Bytes still accepted (in-flight uploads count as taken); null = unlimited. */
export function bytesLeftOf(row: FileRequestRow): number | null {
  const max = Number(row.max_total_bytes);
  if (max <= 0) {
    return null;
  }
  return Math.max(0, max - Number(row.bytes_received) - Number(row.bytes_reserved));
}

/** The owner as stored: who the stranger's uploads run as. */
export interface RequestOwner {
  owner_kind: string;
  owner_id: string;
  owner_account_id: string | null;
  owner_base_path: string;
}

/** What a new request records about its creator. */
export function ownerOf(principal: Principal): RequestOwner {
  switch (principal.type) {
    case 'admin':
      return {
        owner_kind: 'admin',
        owner_id: principal.adminId,
        owner_account_id: principal.adminId,
        owner_base_path: '/',
      };
    case 'member':
      return {
        owner_kind: 'member',
        owner_id: principal.accountId,
        owner_account_id: principal.accountId,
        owner_base_path: principal.basicPath,
      };
    case 'apikey':
      return {
        owner_kind: 'apikey',
        owner_id: principal.keyId,
        owner_account_id: accountOf(principal),
        owner_base_path: principal.basicPath,
      };
    case 'none':
      throw new Error('An anonymous caller owns no request');
  }
}

const OWNER_PERMISSIONS = { text: true, file: true, mount: true };

/**
 * The principal a stranger's upload runs as: the owner, with the base path it had when it
 * made the request, so the files land where the owner's own uploads would (same creator,
 * same quota, same base path). It carries no credential: it never leaves the server.
 */
export function ownerPrincipal(row: RequestOwner): Principal {
  const basicPath = row.owner_base_path;
  switch (row.owner_kind) {
    case 'admin':
      return {
        type: 'admin',
        adminId: row.owner_id,
        username: '',
        tokenHash: '',
        expiresAt: '',
        sessionId: null,
      };
    case 'member':
      return {
        type: 'member',
        accountId: row.owner_id,
        username: '',
        tokenHash: '',
        expiresAt: '',
        sessionId: null,
        basicPath,
        permissions: OWNER_PERMISSIONS,
      };
    default:
      return {
        type: 'apikey',
        keyId: row.owner_id,
        name: '',
        basicPath,
        expiresAt: null,
        permissions: OWNER_PERMISSIONS,
        accountId: row.owner_account_id,
      };
  }
}

/** The owner as the file system's caller. */
export function ownerCaller(principal: Principal): Caller {
  return isConfined(principal)
    ? { kind: 'key', basicPath: principal.basicPath }
    : { kind: 'admin' };
}
