import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import type { ShareToolTarget } from '@pastebox/contract/share-tools/target';
import { backendOrigin } from '@/lib/backend';

/**
 * The key's share tools talk to the backend in use (a split front end may point elsewhere)
 * and hand out links to this app's pages, as every copied share link does (`appUrl`).
 */
export function shareToolTargetOf(item: ApiKeyItem): ShareToolTarget {
  return {
    apiBase: backendOrigin(),
    appBase: window.location.origin,
    key: item.key,
    keyName: item.name,
    permissions: { file: item.file_permission, text: item.text_permission },
  };
}

/** Whether a tool can use the key: it is shown, and it may upload files or share text. */
export function keyFitsShareTools(item: ApiKeyItem): boolean {
  return item.key !== '' && (item.file_permission || item.text_permission);
}
