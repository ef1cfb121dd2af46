import { isPathAllowed } from '@pastebox/contract/rules/path-permission';
import type { KeyPermissions } from '@/context';

/** What a caller may do: its permissions and the folder it is held under. */
export interface OwnerRights {
  basicPath: string;
  permissions: KeyPermissions;
}

/**
 * A member's key never exceeds its owner (DESIGN §12): each permission is the key's AND
 * the member's, and the base path is the deeper of the two. Worked out on every
 * resolution, so narrowing a member narrows its keys at once. When the paths do not nest
 * (the member was moved elsewhere after the key was made), the key keeps the member's base
 * path but loses the mount permission: it reaches no folder it was given.
 */
export function effectiveRights(key: OwnerRights, owner: OwnerRights): OwnerRights {
  const permissions = {
    text: key.permissions.text && owner.permissions.text,
    file: key.permissions.file && owner.permissions.file,
    mount: key.permissions.mount && owner.permissions.mount,
  };
  if (isPathAllowed(owner.basicPath, key.basicPath)) {
    return { basicPath: key.basicPath, permissions };
  }
  if (isPathAllowed(key.basicPath, owner.basicPath)) {
    return { basicPath: owner.basicPath, permissions };
  }
  return { basicPath: owner.basicPath, permissions: { ...permissions, mount: false } };
}

/** True when a key with `key` rights stays within `owner`'s: what a member may create. */
export function withinRights(key: OwnerRights, owner: OwnerRights): boolean {
  const exceeds = (['text', 'file', 'mount'] as const).some(
    (name) => key.permissions[name] && !owner.permissions[name],
  );
  return !exceeds && isPathAllowed(owner.basicPath, key.basicPath);
}
