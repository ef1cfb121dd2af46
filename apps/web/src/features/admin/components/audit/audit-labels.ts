import type { TFunction } from 'i18next';

/** The action groups the filter offers, as the server's prefixes (lib/audit/actions.ts). */
export const AUDIT_GROUPS = [
  'auth',
  'account',
  'session',
  'api_key',
  'share',
  'bundle',
  'request',
  'storage_config',
  'mount',
  'settings',
  'fs',
  'dav',
  'task',
] as const;

/**
 * Every action the server records today (lib/audit/actions.ts, the SSO callback, WebDAV's
 * writes and a file request's arrivals in modules/file-requests/notify.ts), each with its
 * own label; an action added later shows its raw name.
 */
export const KNOWN_AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_out',
  'account.create',
  'account.update',
  'account.delete',
  'account.password_change',
  'account.password_reset',
  'account.profile_update',
  'account.invite_accept',
  'account.factor_add',
  'account.factor_remove',
  'account.factor_reset',
  'session.end',
  'session.end_others',
  'api_key.create',
  'api_key.update',
  'api_key.delete',
  'share.create',
  'share.update',
  'share.delete',
  'bundle.create',
  'bundle.update',
  'bundle.delete',
  'request.create',
  'request.update',
  'request.close',
  'request.reopen',
  'request.delete',
  'request.upload',
  'request.upload_delete',
  'storage_config.create',
  'storage_config.update',
  'storage_config.delete',
  'mount.create',
  'mount.update',
  'mount.delete',
  'settings.update',
  'fs.mkdir',
  'fs.write',
  'fs.rename',
  'fs.delete',
  'dav.put',
  'dav.delete',
  'dav.mkcol',
  'dav.move',
  'dav.copy',
  'dav.proppatch',
  'dav.unlock',
  'task.start',
  'task.cancel',
  'task.delete',
] as const;

type KnownAuditAction = (typeof KNOWN_AUDIT_ACTIONS)[number];

const KNOWN = new Set<string>(KNOWN_AUDIT_ACTIONS);

function isKnown(action: string): action is KnownAuditAction {
  return KNOWN.has(action);
}

/** "Signed in", or the raw name of an action this app has no label for. */
export function actionLabel(t: TFunction, action: string): string {
  return isKnown(action) ? t(`audit.actions.${action}`) : action;
}

/**
 * The filter's choices, as optgroups: a group's "all of it" (its prefix) then each of its
 * actions; actions seen in the log that this app has no label for come last, as they are.
 */
export function actionChoices(t: TFunction, seen: readonly string[]) {
  const unknown = [...new Set(seen)].filter((action) => !isKnown(action)).sort();
  return [
    { value: '', label: t('audit.filters.anyAction') },
    ...AUDIT_GROUPS.map((group) => {
      const name = t(`audit.groups.${group}`);
      return {
        group: name,
        items: [
          { value: `${group}.`, label: t('audit.filters.wholeGroup', { group: name }) },
          ...KNOWN_AUDIT_ACTIONS.filter((action) => action.startsWith(`${group}.`)).map(
            (action) => ({ value: action, label: actionLabel(t, action) }),
          ),
        ],
      };
    }),
    ...(unknown.length > 0 ? [{ group: t('audit.filters.other'), items: unknown }] : []),
  ];
}
