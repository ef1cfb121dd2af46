import { authStore } from '@/lib/auth/auth-store';

/**
 * SPEC §6: admin and key users use separate path families. The admin manages every share
 * under /admin/pastes, a key user only its own under /user/pastes.
 */
export function pastesBasePath(): '/admin/pastes' | '/user/pastes' {
  return authStore.get().authType === 'admin' ? '/admin/pastes' : '/user/pastes';
}
