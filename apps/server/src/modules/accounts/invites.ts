import type { InviteInfo } from '@pastebox/contract/schemas/account';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { hashPassword, sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { AccountsRepo } from './repo';

/** GET /api/invites/{token}: whom an open invitation is for (INVITE_INVALID otherwise). */
export async function readInvite(deps: AppDeps, token: string): Promise<InviteInfo> {
  const invite = await new AccountsRepo(deps.db).findInvite(sha256Hex(token), isoNow(deps.clock));
  if (!invite || invite.disabled === 1) {
    throw new AppError('INVITE_INVALID');
  }
  return {
    username: invite.username,
    display_name: invite.display_name,
    expires_at: invite.expires_at,
  };
}

/**
 * POST /api/invites/{token}: the invited person chooses a password. The invitation is used
 * up by a conditional delete first, so two parallel requests cannot both set one; the
 * person then signs in on the login screen like anyone else.
 */
export async function acceptInvite(
  deps: AppDeps,
  token: string,
  password: string,
): Promise<{ username: string }> {
  const tokenHash = sha256Hex(token);
  const now = isoNow(deps.clock);
  const repo = new AccountsRepo(deps.db);
  const invite = await repo.findInvite(tokenHash, now);
  if (!invite || invite.disabled === 1) {
    throw new AppError('INVITE_INVALID');
  }
  const passwordHash = await hashPassword(password);
  const result = await deps.db.transaction().execute(async (trx) => {
    const inTransaction = new AccountsRepo(trx);
    if (!(await inTransaction.consumeInvite(tokenHash, now))) {
      return false;
    }
    await inTransaction.update(invite.account_id, { password_hash: passwordHash, updated_at: now });
    return true;
  });
  if (!result) {
    throw new AppError('INVITE_INVALID');
  }
  return { username: invite.username };
}
