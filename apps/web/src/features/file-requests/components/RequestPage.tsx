import { Skeleton } from '@mantine/core';
import type { PublicFileRequest } from '@pastebox/contract/schemas/file-request';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SharePageLoading } from '@/components/SharePageLoading';
import { usePageTitle } from '@/lib/use-page-title';
import { usePublicRequest } from '@/features/file-requests/api/get-public-request';
import { OpenedRequest } from './OpenedRequest';
import { RequestErrorState, RequestStateCard } from './RequestStates';

function LoadingState() {
  return (
    <SharePageLoading heading="50%" subtitle="80%">
      <Skeleton height={150} />
    </SharePageLoading>
  );
}

/**
 * Route `/r/:slug` (issue 33): a file request as a stranger sees it — what is asked, the
 * password or name/e-mail form when needed, then the drop zone (or the text box) and the
 * receipt of what arrived; or why nothing can be sent.
 */
export function RequestPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const query = usePublicRequest(slug);
  usePageTitle(query.data?.title ?? t('fileRequests.public.pageTitle'));

  if (query.isPending) {
    return <LoadingState />;
  }
  if (query.isError) {
    return <RequestErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const request: PublicFileRequest = query.data;
  if (request.state !== 'open') {
    return <RequestStateCard state={request.state} title={request.title} />;
  }
  return <OpenedRequest slug={slug} request={request} />;
}
