/**
 * Which API calls the audit log records, and under what action name (issue 32, DESIGN
 * §12): every call that signs in or out, changes an account, key, share, storage config,
 * mount or setting, writes or deletes in the file system, or starts or stops a task. Read
 * calls are not recorded. The admin family and the key family of a resource share a name:
 * `/admin/pastes/{id}` and `/user/pastes/{id}` are both `share.delete` on DELETE.
 */
const ACTIONS: Record<string, string> = {
  'POST /admin/login': 'auth.sign_in',
  'POST /admin/logout': 'auth.sign_out',
  'POST /admin/change-password': 'account.password_change',
  'POST /account/password': 'account.password_change',
  'PUT /account/profile': 'account.profile_update',
  'DELETE /account/sessions/{id}': 'session.end',
  'POST /account/sessions/end-others': 'session.end_others',
  'POST /invites/{token}': 'account.invite_accept',
  'POST /admin/accounts': 'account.create',
  'PUT /admin/accounts/{id}': 'account.update',
  'DELETE /admin/accounts/{id}': 'account.delete',
  'POST /admin/accounts/{id}/password': 'account.password_reset',
  'POST /auth/second-factor': 'auth.sign_in',
  'POST /auth/passkey/verify': 'auth.sign_in',
  'POST /account/totp/confirm': 'account.factor_add',
  'DELETE /account/totp': 'account.factor_remove',
  'POST /account/recovery-codes': 'account.factor_add',
  'POST /account/passkeys': 'account.factor_add',
  'DELETE /account/passkeys/{id}': 'account.factor_remove',
  'POST /account/app-passwords': 'account.factor_add',
  'DELETE /account/app-passwords/{id}': 'account.factor_remove',
  'POST /admin/accounts/{id}/two-factor/reset': 'account.factor_reset',
  'POST /admin/api-keys': 'api_key.create',
  'PUT /admin/api-keys/{id}': 'api_key.update',
  'DELETE /admin/api-keys/{id}': 'api_key.delete',
  'POST /account/api-keys': 'api_key.create',
  'PUT /account/api-keys/{id}': 'api_key.update',
  'DELETE /account/api-keys/{id}': 'api_key.delete',
  'PUT /admin/system-settings': 'settings.update',
  'PUT /admin/security-settings': 'settings.update',
  'PUT /admin/sso-settings': 'settings.update',
  'POST /paste': 'share.create',
  'POST /upload': 'share.create',
  'POST /s3/commit': 'share.create',
  'POST /upload/multipart/complete': 'share.create',
  'POST /url/commit': 'share.create',
  'POST /url/multipart/complete': 'share.create',
  'PUT /~/pastes/{id}': 'share.update',
  'DELETE /~/pastes/{id}': 'share.delete',
  'POST /~/pastes/batch-delete': 'share.delete',
  'POST /admin/pastes/clear-expired': 'share.delete',
  'PUT /~/files/{id}': 'share.update',
  'DELETE /~/files/{id}': 'share.delete',
  'POST /~/files/batch-delete': 'share.delete',
  'POST /~/bundles': 'bundle.create',
  'PUT /~/bundles/{id}': 'bundle.update',
  'DELETE /~/bundles/{id}': 'bundle.delete',
  'POST /~/requests': 'request.create',
  'PUT /~/requests/{id}': 'request.update',
  'POST /~/requests/{id}/close': 'request.close',
  'POST /~/requests/{id}/reopen': 'request.reopen',
  'DELETE /~/requests/{id}': 'request.delete',
  'POST /~/requests/{id}/uploads/{upload_id}/share': 'share.update',
  'DELETE /~/requests/{id}/uploads/{upload_id}': 'request.upload_delete',
  'POST /s3-configs': 'storage_config.create',
  'PUT /s3-configs/{id}': 'storage_config.update',
  'PUT /s3-configs/{id}/set-default': 'storage_config.update',
  'DELETE /s3-configs/{id}': 'storage_config.delete',
  'POST /admin/mounts': 'mount.create',
  'PUT /admin/mounts/{id}': 'mount.update',
  'DELETE /admin/mounts/{id}': 'mount.delete',
  'POST /~/fs/mkdir': 'fs.mkdir',
  'DELETE /~/fs/remove': 'fs.delete',
  'POST /~/fs/batch-remove': 'fs.delete',
  'POST /~/fs/rename': 'fs.rename',
  'POST /~/fs/update': 'fs.write',
  'POST /~/fs/upload': 'fs.write',
  'POST /~/fs/multipart/complete': 'fs.write',
  'POST /~/fs/presign/commit': 'fs.write',
  'POST /~/fs/batch-copy': 'task.start',
  'POST /~/fs/batch-move': 'task.start',
  'POST /~/tasks/{id}/cancel': 'task.cancel',
  'DELETE /~/tasks/{id}': 'task.delete',
  'DELETE /admin/dav/locks': 'dav.unlock',
  'DELETE /admin/dav/locks/{token}': 'dav.unlock',
};

/** `/admin/pastes/{id}` and `/user/pastes/{id}` → `/~/pastes/{id}`: one entry for both families. */
const FAMILY = /^\/(?:admin|user)\/(pastes|files|bundles|requests|fs|tasks)(?=\/|$)/;

/**
 * The action an API route is recorded as, or undefined when it is not audited. `path` as
 * a router registers it: Hono's `:id` or OpenAPI's `{id}`, without the /api prefix.
 */
export function auditActionOf(method: string, path: string): string | undefined {
  const pattern = path.replace(/:(\w+)/g, '{$1}');
  return (
    ACTIONS[`${method.toUpperCase()} ${pattern}`] ??
    ACTIONS[`${method.toUpperCase()} ${pattern.replace(FAMILY, '/~/$1')}`]
  );
}
