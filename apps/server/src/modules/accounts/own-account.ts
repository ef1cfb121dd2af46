import type { AccountMe } from '@pastebox/contract/schemas/account';
import { accountIdOf, type AccountPrincipal, type AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { fileBytesByAccount } from '@/modules/files/service';
import { AccountsRepo } from './repo';

/** GET /api/account: who is signed in, with the rights that hold now and the bytes used. */
export async function readOwnAccount(
  deps: AppDeps,
  principal: AccountPrincipal,
): Promise<AccountMe> {
  const id = accountIdOf(principal);
  const row = await new AccountsRepo(deps.db).findById(id);
  if (!row) {
    throw new AppError('INVALID_TOKEN');
  }
  const usage = await fileBytesByAccount(deps, [id]);
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    email: row.email,
    role: row.role,
    permissions: {
      text: row.text_permission === 1,
      file: row.file_permission === 1,
      mount: row.mount_permission === 1,
    },
    basic_path: row.basic_path,
    quota_bytes: Number(row.quota_bytes),
    used_bytes: usage.get(id) ?? 0,
  };
}

/** PUT /api/account/profile: a person's display name and e-mail. */
export async function updateOwnProfile(
  deps: AppDeps,
  principal: AccountPrincipal,
  body: { display_name?: string | undefined; email?: string | undefined },
): Promise<AccountMe> {
  const changes: { display_name?: string | null; email?: string | null; updated_at: string } = {
    updated_at: isoNow(deps.clock),
  };
  if (body.display_name !== undefined) {
    changes.display_name = body.display_name.trim() || null;
  }
  if (body.email !== undefined) {
    changes.email = body.email.trim() || null;
  }
  await new AccountsRepo(deps.db).update(accountIdOf(principal), changes);
  return readOwnAccount(deps, principal);
}
