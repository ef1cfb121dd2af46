import type { DavContext } from './context';
import { asDavError } from './status';

/**
 * LOCK, PROPPATCH and every write need full access to the path they touch (DESIGN §5
 * "Storage trust"): the folders above a key's basic_path are its way down, for listing
 * only, so a key can neither lock them (and everyone out with them) nor annotate them.
 * 403 otherwise, before the request's body is judged.
 */
export function assertFullAccess(ctx: DavContext, path: string = ctx.path): void {
  try {
    ctx.fs.normalise(path);
  } catch (error) {
    asDavError(error);
  }
}
