import { LIMITS } from '@pastebox/contract/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const MIB = 1024 * 1024;

interface MaxUploadSizeAnswer {
  max_upload_size?: number;
  max_upload_size_bytes?: number;
}

/**
 * GET /api/system/max-upload-size → bytes. SPEC §7/§9: `max_upload_size` is in MB and
 * 100 when missing; the byte count wins when the server sends it.
 */
export async function getMaxUploadBytes(): Promise<number> {
  const data = await apiRequest<MaxUploadSizeAnswer | null>('/system/max-upload-size');
  if (data?.max_upload_size_bytes && data.max_upload_size_bytes > 0) {
    return data.max_upload_size_bytes;
  }
  const mb =
    data?.max_upload_size && data.max_upload_size > 0
      ? data.max_upload_size
      : LIMITS.defaultMaxUploadSizeMb;
  return Math.round(mb * MIB);
}

export const maxUploadSizeQueryOptions = queryOptions({
  queryKey: queryKeys.maxUploadSize,
  queryFn: getMaxUploadBytes,
  staleTime: 5 * 60_000,
});

/** The max upload size in bytes; SPEC §9's 100 MB until (or unless) the server answers. */
export function useMaxUploadBytes(): number {
  const query = useQuery(maxUploadSizeQueryOptions);
  return query.data ?? LIMITS.defaultMaxUploadSizeMb * MIB;
}
