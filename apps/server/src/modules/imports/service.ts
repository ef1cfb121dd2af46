import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { findAccountByUsername } from '@/modules/accounts/service';
import { importApiKeys } from './cloudpaste/api-keys';
import type { CloudpasteDump } from './cloudpaste/records';
import { isSealed, openCloudpasteSecret } from './cloudpaste/secrets';
import { importFiles, importPastes } from './cloudpaste/shares';
import { readCloudpaste } from './cloudpaste/source';
import { importMounts, importStorageConfigs } from './cloudpaste/storage';
import { ImportOriginsRepo } from './repo';
import { emptyReport, type ImportReport } from './report';
import type { ImportRun } from './run-items';

export { formatReport, type ImportReport } from './report';

export interface CloudpasteImportOptions {
  /** The CloudPaste SQLite file (a D1 export loaded into SQLite, or the Docker data file). */
  file: string;
  /** CloudPaste's ENCRYPTION_SECRET, which its S3 keys are sealed with. */
  secret?: string | undefined;
  /** false: a dry run, which writes nothing. */
  apply: boolean;
  /** The admin account that owns what the import makes. */
  ownerUsername: string;
}

/**
 * A secret that opens none of the sealed S3 keys is a wrong secret, not a few bad configs:
 * an --apply then writes nothing at all rather than everything but the storage.
 */
function wrongSecretOf(dump: CloudpasteDump, secret: string | undefined): string | null {
  if (!secret) {
    return null;
  }
  const sealed = dump.storageConfigs
    .flatMap((config) => [config.accessKeyId, config.secretAccessKey])
    .filter((value): value is string => value !== null && isSealed(value));
  if (sealed.length === 0 || sealed.some((value) => openCloudpasteSecret(value, secret).ok)) {
    return null;
  }
  return `The --secret opens none of the ${sealed.length} sealed S3 keys: it is not this CloudPaste's ENCRYPTION_SECRET. Nothing was imported.`;
}

async function ownerOf(deps: AppDeps, username: string): Promise<ImportRun['owner']> {
  const account = await findAccountByUsername(deps, username);
  if (!account || account.role !== 'admin') {
    throw new Error(
      `No admin account named "${username}": start Pastebox once (it creates the admin), or name one with --owner`,
    );
  }
  return {
    type: 'admin',
    adminId: account.id,
    username: account.username,
    tokenHash: '',
    expiresAt: '',
    sessionId: null,
  };
}

/**
 * `npm run import-cloudpaste` (issue 36, docs/import-cloudpaste.md): reads a CloudPaste
 * database and brings its S3 configs, file shares, mounts, pastes and API keys in through
 * the services that make each of them, in that order (a file needs its config). Without
 * `apply` it only reports what it would do. Items an earlier run brought in are skipped.
 */
export async function importFromCloudpaste(
  deps: AppDeps,
  options: CloudpasteImportOptions,
): Promise<ImportReport> {
  const dump = readCloudpaste(options.file);
  const refused = options.apply ? wrongSecretOf(dump, options.secret) : null;
  const report = emptyReport(options.file, dump.schema, options.apply && refused === null);
  report.refused = refused;
  const run: ImportRun = {
    deps,
    apply: report.applied,
    owner: await ownerOf(deps, options.ownerUsername),
    origins: new ImportOriginsRepo(deps.db, 'cloudpaste'),
    report,
    nowIso: isoNow(deps.clock),
  };
  const configs = await importStorageConfigs(run, dump.storageConfigs, options.secret);
  await importFiles(run, dump.files, configs);
  await importMounts(run, dump.mounts, configs);
  await importPastes(run, dump.pastes);
  await importApiKeys(run, dump.apiKeys);
  return report;
}
