import { LIMITS } from '@pastebox/contract/limits';
import { createPasteBody } from '@pastebox/contract/schemas/paste';
import { newId } from '@/lib/ids';
import { assertSlugRules } from '@/shares/slugs';
import {
  insertFile,
  isSlugTaken,
  normaliseMimetype,
  normaliseRemark,
} from '@/modules/files/service';
import { createPaste, isPasteSlugTaken } from '@/modules/pastes/service';
import { importItems, PLANNED, type ImportRun, type ItemDecision } from '../run-items';
import type { CpFile, CpPaste } from './records';
import { liveRulesOf, passwordHashOf, passwordPlanOf } from './share-rules';

/** CloudPaste v1.x pastes have a title; Pastebox has the remark beside a share. */
function remarkOf(title: string | null, remark: string | null): string | null {
  const joined = [title, remark].filter((part) => part).join(' — ');
  return joined ? joined.slice(0, LIMITS.remarkMaxLength) : null;
}

/** Pastes: through createPaste, so the slug, content and expiry rules hold. */
export function importPastes(
  run: ImportRun,
  pastes: readonly CpPaste[],
): Promise<Map<string, string>> {
  return importItems(
    run,
    'paste',
    pastes,
    (paste) => paste.slug,
    async (paste) => {
      const rules = liveRulesOf(paste, run.nowIso);
      if ('skip' in rules) {
        return rules;
      }
      const slug = assertSlugRules(paste.slug);
      if (await isPasteSlugTaken(run.deps, slug)) {
        return { skip: 'a Pastebox paste already has this slug' };
      }
      const body = createPasteBody.parse({
        content: paste.content,
        slug,
        remark: remarkOf(paste.title, paste.remark),
        expiresAt: rules.expiresAt,
        maxViews: rules.maxViews,
        format: 'markdown',
      });
      const plan = passwordPlanOf(paste.password);
      return {
        resetNeeded: plan.kind === 'reset',
        write: async () => {
          const passwordHash = await passwordHashOf(plan);
          const created = await createPaste(run.deps, run.owner, body, {
            // A paste that was not public in CloudPaste stays its owner's to read.
            private: !paste.isPublic,
            ...(passwordHash ? { passwordHash } : {}),
          });
          return created.id;
        },
      };
    },
  );
}

/**
 * File shares: their metadata only — the object stays where it is, in the bucket of the
 * imported S3 config. A file on another kind of CloudPaste storage is left out.
 */
export function importFiles(
  run: ImportRun,
  files: readonly CpFile[],
  configTargets: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  return importItems(
    run,
    'file',
    files,
    (file) => file.slug,
    async (file): Promise<ItemDecision> => {
      if (file.storageType !== 'S3') {
        return {
          skip: `stored on CloudPaste's ${file.storageType} storage, which Pastebox cannot reach`,
        };
      }
      const configId = configTargets.get(file.storageConfigId);
      if (configId === undefined) {
        return { skip: `its S3 config (${file.storageConfigId}) is not imported` };
      }
      const rules = liveRulesOf(file, run.nowIso);
      if ('skip' in rules) {
        return rules;
      }
      const slug = assertSlugRules(file.slug);
      if (await isSlugTaken(run.deps, slug)) {
        return { skip: 'a Pastebox file already has this slug' };
      }
      const plan = passwordPlanOf(file.password);
      return {
        resetNeeded: plan.kind === 'reset',
        write: async () => {
          if (configId === PLANNED) {
            throw new Error('An applied import has no planned config');
          }
          const row = await insertFile(
            run.deps,
            {
              id: newId(),
              s3_config_id: configId,
              path: '/',
              storage_path: file.storagePath,
              filename: file.filename,
              mimetype: normaliseMimetype(file.mimetype),
              size: file.size,
              etag: file.etag,
              remark: normaliseRemark(file.remark),
              password_hash: await passwordHashOf(plan),
              expires_at: rules.expiresAt,
              max_views: rules.maxViews,
              views: 0,
              created_by: run.owner.adminId,
              status: 'ready',
              private: 0,
              encrypted: 0,
              encrypted_meta: null,
              created_at: run.nowIso,
              updated_at: run.nowIso,
            },
            slug,
          );
          return row.id;
        },
      };
    },
  );
}
