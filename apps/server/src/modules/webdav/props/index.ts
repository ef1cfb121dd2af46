import type { DavContext } from '../context';
import { DavPropsRepo, type DavPropertyRow } from './repo';

export { proppatchHandler } from './proppatch';

/**
 * Dead properties (RFC 4918 §4): whatever PROPPATCH set on a resource, kept in the database
 * by virtual path so every instance sees them, carried along by COPY and MOVE and dropped with
 * DELETE (each of those calls in here after the file system did its part).
 */

/** A dead property; valueXml is the element's inner XML, every namespace it needs declared. */
export interface DeadProp {
  namespace: string;
  name: string;
  valueXml: string;
}

function toProp(row: DavPropertyRow): DeadProp {
  return { namespace: row.namespace, name: row.name, valueXml: row.value_xml };
}

/** Dead properties of each path (an empty list for a path with none). */
export async function deadPropsOf(
  ctx: DavContext,
  paths: string[],
): Promise<Map<string, DeadProp[]>> {
  const result = new Map<string, DeadProp[]>(paths.map((path) => [path, []]));
  const rows = await new DavPropsRepo(ctx.deps.db).ofPaths(paths);
  for (const row of rows) {
    result.get(row.path)?.push(toProp(row));
  }
  return result;
}

/** `row` moved from below `from` to the same place below `to`. */
function rebased(row: DavPropertyRow, from: string, to: string): DavPropertyRow {
  return { ...row, path: to + row.path.slice(from.length) };
}

/** The destination's properties replaced by the source's (a COPY's destination is new). */
export async function copyDeadProps(ctx: DavContext, from: string, to: string): Promise<void> {
  await ctx.deps.db.transaction().execute(async (trx) => {
    const repo = new DavPropsRepo(trx);
    const rows = await repo.subtree(from);
    await repo.deleteSubtree(to);
    await repo.insertMany(rows.map((row) => rebased(row, from, to)));
  });
}

export async function moveDeadProps(ctx: DavContext, from: string, to: string): Promise<void> {
  await ctx.deps.db.transaction().execute(async (trx) => {
    const repo = new DavPropsRepo(trx);
    const rows = await repo.subtree(from);
    await repo.deleteSubtree(to);
    await repo.deleteSubtree(from);
    await repo.insertMany(rows.map((row) => rebased(row, from, to)));
  });
}

export async function deleteDeadProps(ctx: DavContext, path: string): Promise<void> {
  await new DavPropsRepo(ctx.deps.db).deleteSubtree(path);
}
