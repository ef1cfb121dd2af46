import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@/db/types';
import { sha256Hex } from '@/lib/crypto';
import { newId } from '@/lib/ids';
import { TwoFactorRepo } from './repo';

/** No look-alikes (0/o, 1/l/i), lower case only: read off a sheet of paper and typed. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** How many recovery codes a set has (issue 32). */
export const RECOVERY_CODE_COUNT = 10;

/** `groups` groups of 5 random characters joined by '-' (about 24 bits a group). */
export function readableSecret(groups: number): string {
  const parts: string[] = [];
  for (let group = 0; group < groups; group += 1) {
    let part = '';
    for (let index = 0; index < 5; index += 1) {
      part += ALPHABET[randomInt(ALPHABET.length)];
    }
    parts.push(part);
  }
  return parts.join('-');
}

/** A code as typed: case, spaces and dashes do not matter. */
export function recoveryCodeHash(code: string): string {
  return sha256Hex(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/** A new set of recovery codes; the old set ends with it. Answers the codes (shown once). */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  accountId: string,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => readableSecret(2));
  await db.transaction().execute(async (trx) => {
    const repo = new TwoFactorRepo(trx);
    await repo.deleteRecoveryCodes(accountId);
    await repo.insertRecoveryCodes(
      codes.map((code) => ({
        id: newId(),
        account_id: accountId,
        code_hash: recoveryCodeHash(code),
        used_at: null,
      })),
    );
  });
  return codes;
}
