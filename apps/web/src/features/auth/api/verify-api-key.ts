import { apiKeyInfo, type ApiKeyInfo } from '@pastebox/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { AppError, apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';

/** SPEC §5: the key is refused, or the answer carried no usable permissions. */
export class ApiKeyVerificationError extends Error {
  constructor(
    /** Why, when the server said so (e.g. API_KEY_INVALID, RATE_LIMITED). */
    readonly serverError: AppError | null,
    readonly reason: 'rejected' | 'noPermissions' | 'badResponse' = 'rejected',
  ) {
    super('API key verification failed');
    this.name = 'ApiKeyVerificationError';
  }
}

/**
 * GET /api/test/api-key with the typed key. The key goes straight into this one request
 * instead of through the auth store, so a refused key leaves the previous credentials and
 * auth type exactly as they were (SPEC §5) and fires no sign-out events.
 */
export async function verifyApiKey(apiKey: string): Promise<ApiKeyInfo> {
  let data: unknown;
  try {
    data = await apiRequest<unknown>('/test/api-key', { authorization: `ApiKey ${apiKey}` });
  } catch (error) {
    throw error instanceof AppError ? new ApiKeyVerificationError(error) : error;
  }
  if (!data) {
    throw new ApiKeyVerificationError(null);
  }
  const parsed = apiKeyInfo.safeParse(data);
  if (!parsed.success) {
    throw new ApiKeyVerificationError(null, 'badResponse');
  }
  if (!Object.values(parsed.data.permissions).some(Boolean)) {
    // SPEC §6: a key with neither text, file nor mount permission has no use for the panel.
    throw new ApiKeyVerificationError(null, 'noPermissions');
  }
  return parsed.data;
}

/** Verifies the key, then signs in with it (auth state none → apikey, SPEC §4). */
export function useApiKeyLogin() {
  return useMutation({
    mutationFn: async (apiKey: string) => ({ apiKey, info: await verifyApiKey(apiKey) }),
    onSuccess: ({ apiKey, info }) => {
      const { id, name, basic_path } = info.key_info;
      authStore.signInApiKey(apiKey, { id, name, basic_path }, info.permissions);
    },
  });
}
