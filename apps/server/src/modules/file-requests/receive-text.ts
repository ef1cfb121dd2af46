import type { RequestReceipt, RequestTextBody } from '@pastebox/contract/schemas/file-request';
import type { AppDeps } from '@/context';
import type { AuditOrigin } from '@/lib/audit/record';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { createPaste } from '@/modules/pastes/service';
import { commitUpload, releaseUpload, reserveUpload } from './allowance';
import { recordArrival } from './notify';
import type { Sender } from './public';
import { ownerPrincipal } from './rules';

/**
 * POST /api/public/requests/{slug}/text: a stranger's text answer, stored as a paste
 * without password, created by the owner and private (its public link answers 404 to
 * everyone: the owner reads it in the panel). It counts as one file of its byte length.
 */
export async function receiveRequestText(
  deps: AppDeps,
  sender: Sender,
  body: RequestTextBody,
  origin: AuditOrigin,
  linkBase: string,
): Promise<RequestReceipt> {
  if (sender.request.kind !== 'text') {
    throw new AppError('REQUEST_KIND_MISMATCH');
  }
  const size = Buffer.byteLength(body.content, 'utf8');
  const reservation = await reserveUpload(deps, sender.request, size);
  let paste;
  try {
    paste = await createPaste(
      deps,
      ownerPrincipal(sender.request),
      { content: body.content, format: 'text' },
      { private: true },
    );
  } catch (error) {
    await releaseUpload(deps, reservation);
    throw error;
  }
  await commitUpload(deps, reservation, size);
  return recordArrival(
    deps,
    sender,
    {
      id: newId(),
      kind: 'text',
      filename: 'text',
      mimetype: 'text/plain',
      size,
      file_id: null,
      mount_path: null,
      paste_id: paste.id,
      paste_slug: paste.slug,
    },
    origin,
    linkBase,
  );
}
