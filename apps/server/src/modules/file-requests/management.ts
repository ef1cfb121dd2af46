import type {
  CreateFileRequestBody,
  FileRequest,
  FileRequestList,
  FileRequestTarget,
  UpdateFileRequestBody,
} from '@pastebox/contract/schemas/file-request';
import { creatorOf, type AppDeps, type Principal } from '@/context';
import type { OwnerScope } from '@/db/filters';
import { isoNow } from '@/lib/clock';
import { hashPassword } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { isConfined } from '@/lib/guards';
import { newId } from '@/lib/ids';
import { listPage, type ListRequest } from '@/lib/pagination';
import { assertSlugRules, insertWithFreeSlug, orSlugTaken } from '@/shares/slugs';
import { expiryFromHours } from '@/modules/files/service';
import { resolveStorage } from '@/modules/storage-configs/service';
import { newWebhookSecret, sealWebhookSecret } from '@/modules/webhooks/service';
import { ownerFileSystem } from './owner-fs';
import { presentFileRequest } from './presenter';
import { FileRequestsRepo, type FileRequestChanges } from './repo';
import { ownerCaller, ownerOf } from './rules';

/** The columns of a checked target: a storage config that exists, or a folder the owner may write. */
async function targetColumns(
  deps: AppDeps,
  principal: Principal,
  target: FileRequestTarget | null | undefined,
): Promise<{ target_type: string; s3_config_id: string | null; mount_path: string | null }> {
  if (!target) {
    throw new AppError('REQUEST_TARGET_INVALID');
  }
  if (target.type === 'storage') {
    const handle = await resolveStorage(deps, target.s3_config_id);
    return { target_type: 'storage', s3_config_id: handle.config.id, mount_path: null };
  }
  if (isConfined(principal) && !principal.permissions.mount) {
    throw new AppError('MOUNT_PERMISSION_REQUIRED');
  }
  const fs = ownerFileSystem(deps, ownerCaller(principal), creatorOf(principal));
  const path = fs.normalise(target.path);
  const entry = await fs.stat(path);
  if (!entry.isDirectory) {
    throw new AppError('NOT_A_FOLDER');
  }
  await fs.assertWritable(path);
  return { target_type: 'mount', s3_config_id: null, mount_path: path };
}

function allowedTypesColumn(types: readonly string[] | null | undefined): string {
  return JSON.stringify([...new Set(types ?? [])]);
}

/** POST …/requests: a new request owned by the caller. */
export async function createFileRequest(
  deps: AppDeps,
  principal: Principal,
  body: CreateFileRequestBody,
  linkBase: string,
): Promise<FileRequest> {
  const now = isoNow(deps.clock);
  const customSlug = body.slug ? assertSlugRules(body.slug) : null;
  const target =
    body.kind === 'files'
      ? await targetColumns(deps, principal, body.target)
      : { target_type: null, s3_config_id: null, mount_path: null };
  const row = {
    id: newId(),
    title: body.title,
    message: body.message?.trim() ? body.message : null,
    kind: body.kind,
    password_hash: body.password ? await hashPassword(body.password) : null,
    expires_at: expiryFromHours(body.expires_in, deps.clock.now()),
    max_views: body.max_views ?? 0,
    views: 0,
    max_files: body.max_files ?? 0,
    max_file_bytes: body.max_file_bytes ?? 0,
    max_total_bytes: body.max_total_bytes ?? 0,
    allowed_types: allowedTypesColumn(body.allowed_types),
    require_name: body.require_name ? 1 : 0,
    require_email: body.require_email ? 1 : 0,
    ...target,
    webhook_url: body.webhook_url ?? null,
    webhook_secret_cipher: body.webhook_url ? sealWebhookSecret(deps, newWebhookSecret()) : null,
    ...ownerOf(principal),
    created_by: creatorOf(principal),
    closed_at: null,
    created_at: now,
    updated_at: now,
  };
  const repo = new FileRequestsRepo(deps.db);
  await insertWithFreeSlug(customSlug, (candidate) => repo.insert({ ...row, slug: candidate }));
  return getFileRequest(deps, { kind: 'all' }, row.id, linkBase);
}

/** One request within `scope`, or 404 REQUEST_NOT_FOUND. */
export async function getFileRequest(
  deps: AppDeps,
  scope: OwnerScope,
  id: string,
  linkBase: string,
): Promise<FileRequest> {
  const row = await new FileRequestsRepo(deps.db).findById(id, scope);
  if (!row) {
    throw new AppError('REQUEST_NOT_FOUND');
  }
  return presentFileRequest(deps, row, linkBase, isoNow(deps.clock));
}

/** Newest first, with the pagination block. */
export async function listFileRequests(
  deps: AppDeps,
  scope: OwnerScope,
  request: ListRequest,
  linkBase: string,
): Promise<FileRequestList> {
  return listPage(new FileRequestsRepo(deps.db), scope, request, (rows) => {
    const nowIso = isoNow(deps.clock);
    return rows.map((row) => presentFileRequest(deps, row, linkBase, nowIso));
  });
}

/** Present in a PUT body: undefined means "leave it", null or a value means "change it". */
function given<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/** The changes a PUT body asks for; absent fields stay. */
async function changesFrom(
  deps: AppDeps,
  principal: Principal,
  kind: string,
  body: UpdateFileRequestBody,
): Promise<FileRequestChanges> {
  const changes: FileRequestChanges = {
    ...(given(body.title) ? { title: body.title } : {}),
    ...(given(body.message) ? { message: body.message?.trim() ? body.message : null } : {}),
    ...(body.slug ? { slug: assertSlugRules(body.slug) } : {}),
    ...(given(body.expires_in)
      ? { expires_at: expiryFromHours(body.expires_in, deps.clock.now()) }
      : {}),
    ...(given(body.max_views) ? { max_views: body.max_views ?? 0 } : {}),
    ...(given(body.max_files) ? { max_files: body.max_files ?? 0 } : {}),
    ...(given(body.max_file_bytes) ? { max_file_bytes: body.max_file_bytes ?? 0 } : {}),
    ...(given(body.max_total_bytes) ? { max_total_bytes: body.max_total_bytes ?? 0 } : {}),
    ...(given(body.allowed_types) ? { allowed_types: allowedTypesColumn(body.allowed_types) } : {}),
    ...(typeof body.require_name === 'boolean' ? { require_name: body.require_name ? 1 : 0 } : {}),
    ...(typeof body.require_email === 'boolean'
      ? { require_email: body.require_email ? 1 : 0 }
      : {}),
  };
  if (body.clear_password) {
    changes.password_hash = null;
  } else if (body.password) {
    changes.password_hash = await hashPassword(body.password);
  }
  if (body.target && kind === 'files') {
    Object.assign(changes, await targetColumns(deps, principal, body.target));
  }
  return changes;
}

/** The webhook columns a PUT body asks for: a new URL keeps its secret unless told. */
function webhookChanges(
  deps: AppDeps,
  current: { webhook_secret_cipher: string | null },
  body: UpdateFileRequestBody,
): FileRequestChanges {
  if (body.webhook_url === undefined && !body.regenerate_webhook_secret) {
    return {};
  }
  const url = body.webhook_url === undefined ? undefined : body.webhook_url || null;
  if (url === null) {
    return { webhook_url: null, webhook_secret_cipher: null };
  }
  const fresh = body.regenerate_webhook_secret || current.webhook_secret_cipher === null;
  return {
    ...(url !== undefined ? { webhook_url: url } : {}),
    ...(fresh ? { webhook_secret_cipher: sealWebhookSecret(deps, newWebhookSecret()) } : {}),
  };
}

/** PUT …/requests/{id}. `principal` is the caller (the target is checked against it). */
export async function updateFileRequest(
  deps: AppDeps,
  scope: OwnerScope,
  principal: Principal,
  id: string,
  body: UpdateFileRequestBody,
  linkBase: string,
): Promise<FileRequest> {
  const repo = new FileRequestsRepo(deps.db);
  const row = await repo.findById(id, scope);
  if (!row) {
    throw new AppError('REQUEST_NOT_FOUND');
  }
  const changes = {
    ...(await changesFrom(deps, principal, row.kind, body)),
    ...webhookChanges(deps, row, body),
    updated_at: isoNow(deps.clock),
  };
  if ((await orSlugTaken(repo.update(id, scope, changes))) === 0) {
    throw new AppError('REQUEST_NOT_FOUND');
  }
  return getFileRequest(deps, scope, id, linkBase);
}

/** POST …/{id}/close and …/{id}/reopen. */
export async function setFileRequestClosed(
  deps: AppDeps,
  scope: OwnerScope,
  id: string,
  closed: boolean,
  linkBase: string,
): Promise<FileRequest> {
  const now = isoNow(deps.clock);
  const changed = await new FileRequestsRepo(deps.db).update(id, scope, {
    closed_at: closed ? now : null,
    updated_at: now,
  });
  if (changed === 0) {
    throw new AppError('REQUEST_NOT_FOUND');
  }
  return getFileRequest(deps, scope, id, linkBase);
}

/** DELETE …/{id}: the request and its records go; the files it received stay the owner's. */
export async function deleteFileRequest(
  deps: AppDeps,
  scope: OwnerScope,
  id: string,
): Promise<number> {
  const deleted = await new FileRequestsRepo(deps.db).delete(id, scope);
  if (deleted === 0) {
    throw new AppError('REQUEST_NOT_FOUND');
  }
  return deleted;
}
