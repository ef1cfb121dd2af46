import type { DavContext } from '../context';
import { dav, escapeXml } from '@/modules/webdav/xml/write';
import type { DavLockInfo } from './index';

/**
 * The lock XML of RFC 4918 §14.1/§15.8: `activelock` elements (the content of the
 * lockdiscovery property) and the supportedlock property's content.
 */

export const SUPPORTED_LOCK_XML = ['exclusive', 'shared']
  .map((scope) =>
    dav('lockentry', `${dav('lockscope', dav(scope))}${dav('locktype', dav('write'))}`),
  )
  .join('');

async function rootHref(ctx: DavContext, root: string): Promise<string> {
  try {
    return ctx.href(root, (await ctx.fs.stat(root)).isDirectory);
  } catch {
    return ctx.href(root, false);
  }
}

/** The `activelock` elements of `locks`, for a lockdiscovery property (DAV: prefix `D:`). */
export async function activeLocksXml(ctx: DavContext, locks: DavLockInfo[]): Promise<string> {
  const parts: string[] = [];
  for (const lock of locks) {
    const timeout = lock.timeoutSeconds === null ? 'Infinite' : `Second-${lock.timeoutSeconds}`;
    parts.push(
      dav(
        'activelock',
        [
          dav('locktype', dav('write')),
          dav('lockscope', dav(lock.scope)),
          dav('depth', lock.depth),
          lock.ownerXml === null ? '' : dav('owner', lock.ownerXml),
          dav('timeout', timeout),
          dav('locktoken', dav('href', escapeXml(lock.token))),
          dav('lockroot', dav('href', escapeXml(await rootHref(ctx, lock.root)))),
        ].join(''),
      ),
    );
  }
  return parts.join('');
}
