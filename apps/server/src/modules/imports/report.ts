import type { ImportKind } from './repo';

/** One item an import left out, and why, in words an operator can act on. */
export interface SkippedItem {
  item: string;
  reason: string;
}

/** What an import did (or, in a dry run, would do) with one kind of item. */
export interface KindTally {
  /** Imported by this run (applied), or to be imported (dry run). */
  imported: number;
  /** Brought in by an earlier run (import_origins), left alone. */
  already: number;
  skipped: SkippedItem[];
  /** Shares imported closed, whose password could not be carried over. */
  resetNeeded: string[];
}

export const IMPORT_KINDS: readonly ImportKind[] = [
  'storage-config',
  'file',
  'mount',
  'paste',
  'api-key',
];

export interface ImportReport {
  source: string;
  /** Which schema generation of the source was read. */
  schema: string;
  applied: boolean;
  /** Why an --apply wrote nothing at all (a secret that opens no S3 key), else null. */
  refused: string | null;
  kinds: Record<ImportKind, KindTally>;
  /** Things the operator should know that are not an item's fate. */
  notes: string[];
}

export function emptyReport(source: string, schema: string, applied: boolean): ImportReport {
  const kinds = Object.fromEntries(
    IMPORT_KINDS.map((kind) => [kind, { imported: 0, already: 0, skipped: [], resetNeeded: [] }]),
  ) as unknown as Record<ImportKind, KindTally>;
  return { source, schema, applied, refused: null, kinds, notes: [] };
}

const KIND_LABELS: Record<ImportKind, string> = {
  'storage-config': 'S3 configs',
  file: 'files',
  mount: 'mounts',
  paste: 'pastes',
  'api-key': 'API keys',
};

/** The report as a few aligned lines, then the skipped items and the closed shares. */
export function formatReport(report: ImportReport): string {
  const heading = report.applied
    ? 'Imported'
    : report.refused
      ? 'Nothing was imported'
      : 'Dry run: nothing was written (add --apply to import)';
  const done = report.applied ? 'imported' : 'to import';
  const lines = [
    `${heading} — from ${report.source} (${report.schema} schema)`,
    '',
    `${'kind'.padEnd(12)}${done.padStart(10)}${'already'.padStart(10)}${'skipped'.padStart(10)}${'password reset'.padStart(16)}`,
  ];
  for (const kind of IMPORT_KINDS) {
    const tally = report.kinds[kind];
    lines.push(
      `${KIND_LABELS[kind].padEnd(12)}${String(tally.imported).padStart(10)}${String(tally.already).padStart(10)}${String(tally.skipped.length).padStart(10)}${String(tally.resetNeeded.length).padStart(16)}`,
    );
  }
  const skipped = IMPORT_KINDS.flatMap((kind) =>
    report.kinds[kind].skipped.map((s) => `  ${KIND_LABELS[kind]}: ${s.item} — ${s.reason}`),
  );
  if (skipped.length > 0) {
    lines.push('', 'Skipped:', ...skipped);
  }
  const closed = IMPORT_KINDS.flatMap((kind) =>
    report.kinds[kind].resetNeeded.map((slug) => `  ${KIND_LABELS[kind]}: ${slug}`),
  );
  if (closed.length > 0) {
    lines.push(
      '',
      'Password reset needed (imported closed: no password opens them until you set one):',
      ...closed,
    );
  }
  if (report.notes.length > 0) {
    lines.push('', 'Notes:', ...report.notes.map((note) => `  ${note}`));
  }
  if (report.refused) {
    lines.push('', report.refused);
  }
  return lines.join('\n');
}
