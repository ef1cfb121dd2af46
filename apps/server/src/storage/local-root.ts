import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/**
 * Where a `local` storage may live (DESIGN §5): inside DATA_DIR, or inside a folder the
 * operator lists in LOCAL_ROOTS. Without this an admin token is read/write on the host
 * (`/etc`, `/root/.ssh`). Checked when a config is written and again whenever a driver is
 * built from a stored one, so a row written before the rule (or by hand) cannot be used.
 */
export interface LocalRootPolicy {
  dataDir: string;
  /** Absolute folders from LOCAL_ROOTS. */
  extraRoots: readonly string[];
}

/** The policy of the server's configuration. */
export function localRootPolicyOf(
  config: Pick<Config, 'DATA_DIR' | 'LOCAL_ROOTS'>,
): LocalRootPolicy {
  return { dataDir: config.DATA_DIR, extraRoots: config.LOCAL_ROOTS };
}

function isInside(target: string, base: string): boolean {
  return target === base || target.startsWith(base.endsWith(path.sep) ? base : base + path.sep);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * `target` with every symlink resolved: fs.realpath of its nearest existing ancestor, the
 * part that does not exist yet appended. Null when the path cannot be resolved (a loop, no
 * permission): then nobody can tell where it leads.
 *
 * Synchronous on purpose: it runs when a config is written and when a driver is built
 * (once per config version, cached), and a few stat calls are cheaper than making the
 * registry's synchronous driver factory asynchronous for every caller.
 */
export function realPathOf(target: string): string | null {
  let existing = path.resolve(target);
  const missing: string[] = [];
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(existing), ...missing);
    } catch (error) {
      const parent = path.dirname(existing);
      if (!isMissing(error) || parent === existing) {
        return null;
      }
      missing.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/** What a root is: usable, outside every allowed folder, or DATA_DIR or one of its parents. */
export type LocalRootVerdict = 'allowed' | 'outside' | 'holds-data-dir';

/** Judges an absolute `root` as written and with its symlinks resolved. */
export function judgeLocalRoot(root: string, policy: LocalRootPolicy): LocalRootVerdict {
  const lexical = path.resolve(root);
  const real = realPathOf(lexical);
  if (real === null) {
    return 'outside';
  }
  const bases = [policy.dataDir, ...policy.extraRoots].map((base) => ({
    lexical: path.resolve(base),
    real: realPathOf(base),
  }));
  const inside = bases.some((base) => base.real !== null && isInside(real, base.real));
  // A link outside our folders could be re-pointed later: a path that passes through one
  // must be inside as written too.
  const written = real === lexical || bases.some((base) => isInside(lexical, base.lexical));
  if (!inside || !written) {
    return 'outside';
  }
  // The root may not hold the database and the secret key: DATA_DIR itself or a parent.
  const dataLexical = path.resolve(policy.dataDir);
  const dataReal = realPathOf(dataLexical);
  const holdsData =
    isInside(dataLexical, lexical) || (dataReal !== null && isInside(dataReal, real));
  return holdsData ? 'holds-data-dir' : 'allowed';
}

/** LOCAL_ROOT_FORBIDDEN (400), naming the root_path field. */
export function localRootForbidden(): AppError {
  return new AppError('LOCAL_ROOT_FORBIDDEN', undefined, [
    {
      path: 'root_path',
      message: 'must be inside the data directory or a folder listed in LOCAL_ROOTS',
    },
  ]);
}

/** Throws LOCAL_ROOT_FORBIDDEN unless the root is a usable folder of its own. */
export function assertLocalRootAllowed(root: string, policy: LocalRootPolicy): void {
  if (judgeLocalRoot(root, policy) !== 'allowed') {
    throw localRootForbidden();
  }
}
