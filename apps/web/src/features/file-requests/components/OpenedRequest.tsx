import { Center, Loader, Paper, Stack } from '@mantine/core';
import type {
  PublicFileRequest,
  RequestReceipt,
  RequestUploadToken,
} from '@pastebox/contract/schemas/file-request';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '@/lib/api-client';
import { useOpenRequest } from '@/features/file-requests/api/open-request';
import { useRequestQueue } from '@/features/file-requests/hooks/use-request-queue';
import type { RequestUploadTarget } from '@/features/file-requests/lib/request-transport';
import { RequestIntro } from './RequestIntro';
import { RequestOpenForm } from './RequestOpenForm';
import { RequestReceipts } from './RequestReceipts';
import { RequestUploader } from './RequestUploader';
import { RequestErrorState, RequestStateCard, closedStateOf } from './RequestStates';
import { TextAnswerForm } from './TextAnswerForm';

/**
 * What is left once this page's own files arrived. The receipts' own counts are not used:
 * they also subtract the uploads still on their way (the server reserves them), so a
 * cancelled one would seem to have used its room.
 */
export function withOwnReceipts(
  request: PublicFileRequest,
  receipts: readonly RequestReceipt[],
): PublicFileRequest {
  const bytes = receipts.reduce((sum, receipt) => sum + receipt.size, 0);
  return {
    ...request,
    files_left:
      request.files_left === null ? null : Math.max(0, request.files_left - receipts.length),
    bytes_left: request.bytes_left === null ? null : Math.max(0, request.bytes_left - bytes),
  };
}

/**
 * An open request: asks for the password and name/e-mail when it must (else opens it at
 * once), then offers the drop zone or the text box, and lists what arrived. An expired
 * upload token (REQUEST_TOKEN_INVALID) brings the opening step back; a retry then goes
 * out with the new token.
 */
export function OpenedRequest({ slug, request }: { slug: string; request: PublicFileRequest }) {
  const { t } = useTranslation();
  const open = useOpenRequest(slug);
  const [pass, setPass] = useState<RequestUploadToken | null>(null);
  // The receipts counted in pass.request already: those before the (latest) opening.
  const [receiptsAtOpen, setReceiptsAtOpen] = useState(0);
  const token = useRef('');
  const autoOpened = useRef(false);
  const expiredSeen = useRef(new Set<string>());
  const { state, store, receipts, addReceipt } = useRequestQueue();
  const asks = request.requires_password || request.require_name || request.require_email;
  const { mutate: openNow } = open;

  const received = receipts.length;
  const opened = useCallback(
    (answer: RequestUploadToken) => {
      token.current = answer.token;
      setPass(answer);
      setReceiptsAtOpen(received);
    },
    [received],
  );

  useEffect(() => {
    // Opening counts one view: once per token, and never twice for one mount.
    if (!asks && pass === null && !autoOpened.current) {
      autoOpened.current = true;
      openNow({}, { onSuccess: opened });
    }
  }, [asks, pass, openNow, opened]);

  useEffect(() => {
    const expired = state.items.find(
      (item) =>
        item.error instanceof AppError &&
        item.error.key === 'REQUEST_TOKEN_INVALID' &&
        !expiredSeen.current.has(item.id),
    );
    if (expired) {
      expiredSeen.current.add(expired.id);
      autoOpened.current = false;
      setPass(null);
    }
  }, [state.items]);

  const target: RequestUploadTarget = useMemo(
    () => ({ slug, multipart: pass?.multipart ?? false, token: () => token.current }),
    [slug, pass?.multipart],
  );
  const view = withOwnReceipts(
    pass?.request ?? request,
    pass ? receipts.slice(receiptsAtOpen) : receipts,
  );
  const closed = open.isError ? closedStateOf(open.error) : null;
  if (closed) {
    return <RequestStateCard state={closed} title={request.title} />;
  }
  if (open.isError && !asks) {
    return (
      <RequestErrorState error={open.error} onRetry={() => openNow({}, { onSuccess: opened })} />
    );
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <RequestIntro request={view} />
          {pass === null ? (
            asks ? (
              <RequestOpenForm request={request} open={open} onOpened={opened} />
            ) : (
              <Center py="lg">
                <Loader aria-label={t('common.loading')} />
              </Center>
            )
          ) : view.kind === 'text' ? (
            receipts.length === 0 && <TextAnswerForm target={target} onSent={addReceipt} />
          ) : (
            <RequestUploader request={view} target={target} state={state} store={store} />
          )}
        </Stack>
      </Paper>
      {receipts.length > 0 && <RequestReceipts receipts={receipts} kind={view.kind} />}
    </Stack>
  );
}
