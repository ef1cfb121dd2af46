import { ZodError } from 'zod';
import type { AppDeps, Principal } from '@/context';
import { AppError } from '@/lib/errors';
import type { ImportKind, ImportOriginsRepo } from './repo';
import type { ImportReport } from './report';

/** What an import run shares between its steps. */
export interface ImportRun {
  deps: AppDeps;
  /** false: a dry run, which reads and decides but writes nothing. */
  apply: boolean;
  /** The admin who owns what the import makes. */
  owner: Extract<Principal, { type: 'admin' }>;
  origins: ImportOriginsRepo;
  report: ImportReport;
  nowIso: string;
}

/** The target id a dry run gives an item it would import (steps after it may refer to it). */
export const PLANNED = 'planned';

/** An item's fate: left out, or a write that answers the id of what it made. */
export type ItemDecision =
  { skip: string } | { write: () => Promise<string>; resetNeeded?: boolean };

/**
 * Why an item cannot be imported, from the rule that refused it (an AppError or a contract
 * schema); anything else (a lost database) is not an item's fault and ends the run.
 */
function refusalOf(error: unknown): string {
  if (error instanceof AppError) {
    return `${error.key}: ${error.message}`;
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return `refused by Pastebox's rules: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim();
  }
  throw error;
}

/**
 * Takes each item of one kind through `decide` — items an earlier run brought in are left
 * alone — and, when applying, writes it and records its origin. Answers source id → target
 * id for every item that is (or, in a dry run, would be) in Pastebox after the run.
 */
export async function importItems<T extends { id: string }>(
  run: ImportRun,
  kind: ImportKind,
  items: readonly T[],
  labelOf: (item: T) => string,
  decide: (item: T) => ItemDecision | Promise<ItemDecision>,
): Promise<Map<string, string>> {
  const tally = run.report.kinds[kind];
  const targets = await run.origins.targetsOf(kind);
  const present = new Map<string, string>();
  for (const item of items) {
    const earlier = targets.get(item.id);
    if (earlier !== undefined) {
      tally.already += 1;
      present.set(item.id, earlier);
      continue;
    }
    const skip = (reason: string) => tally.skipped.push({ item: labelOf(item), reason });
    let decision: ItemDecision;
    try {
      decision = await decide(item);
    } catch (error) {
      skip(refusalOf(error));
      continue;
    }
    if ('skip' in decision) {
      skip(decision.skip);
      continue;
    }
    let target = PLANNED;
    if (run.apply) {
      try {
        target = await decision.write();
      } catch (error) {
        skip(refusalOf(error));
        continue;
      }
      await run.origins.record(kind, item.id, target, run.nowIso);
    }
    tally.imported += 1;
    if (decision.resetNeeded) {
      tally.resetNeeded.push(labelOf(item));
    }
    present.set(item.id, target);
  }
  return present;
}
