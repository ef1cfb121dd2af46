import type { Envelope } from '@pastebox/contract/errors';
import { apiKeyInfo, type ApiKeyInfo } from '@pastebox/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { apiUrl } from '@/lib/backend';

/** SPEC §5: the key is refused, or the answer carried no usable permissions. */
export class ApiKeyVerificationError extends Error {
  constructor(
    /** Why, when the server said so (e.g. API_KEY_INVALID, RATE_LIMITED). */
    readonly serverError: ApiError | null,
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
  const response = await fetch(apiUrl('/test/api-key'), {
    headers: { accept: 'application/json', authorization: `ApiKey ${apiKey}` },
  });
  const envelope = await readEnvelope(response);
  const succeeded = response.ok && envelope?.success === true && envelope.data;
  if (!succeeded) {
    const serverError = new ApiError(
      response.status,
      envelope?.error ?? null,
      envelope?.message || `HTTP error ${response.status}`,
    );
    throw new ApiKeyVerificationError(serverError);
  }
  const parsed = apiKeyInfo.safeParse(envelope.data);
  if (!parsed.success) {
    throw new ApiKeyVerificationError(null, 'badResponse');
  }
  if (!Object.values(parsed.data.permissions).some(Boolean)) {
    // SPEC §6: a key with neither text, file nor mount permission has no use for the panel.
    throw new ApiKeyVerificationError(null, 'noPermissions');
  }
  return parsed.data;
}

async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  try {
    const parsed: unknown = await response.json();
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed
      ? (parsed as Envelope<unknown>)
      : null;
  } catch {
    return null;
  }
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
