import { assertFullAccess } from '../access';
import type { DavContext, DavHandler } from '../context';
import { DavHttpError } from '../errors';
import { assertWritable } from '../locks';
import { readXmlBody } from '@/modules/webdav/xml/read-body';
import { onFs } from '../status';
import { DAV_NS, elementsOf, type XmlElement } from '@/modules/webdav/xml/parse';
import { dav, element, escapeXml, multistatus, statusLine } from '@/modules/webdav/xml/write';
import { DavPropsRepo } from './repo';
import { innerXmlOf, ROOT_SCOPE, scopeOf, type NsScope } from './xml-value';

/**
 * PROPPATCH (RFC 4918 §9.2): the set and remove instructions in document order, all or
 * nothing. Every property in the DAV: namespace is live here (computed from the file or kept
 * by the server), so it is protected; anything else is a dead property stored as XML text.
 * A value holding a character XML cannot carry (U+0001, `&#xFFFE;`, a lone surrogate) makes
 * the body not well-formed: 400 before anything is stored (RFC 4918 §8.2), as no PROPFIND
 * could ever show it.
 */

interface Instruction {
  kind: 'set' | 'remove';
  namespace: string;
  name: string;
  valueXml: string;
}

function instructionsOf(root: XmlElement): Instruction[] {
  if (root.ns !== DAV_NS || root.name !== 'propertyupdate') {
    throw new DavHttpError(400, undefined, [], 'the body is not a DAV:propertyupdate');
  }
  const rootScope = scopeOf(root, ROOT_SCOPE);
  const instructions: Instruction[] = [];
  for (const action of elementsOf(root)) {
    if (action.ns !== DAV_NS || (action.name !== 'set' && action.name !== 'remove')) {
      continue;
    }
    const actionScope = scopeOf(action, rootScope);
    for (const prop of elementsOf(action)) {
      if (prop.ns !== DAV_NS || prop.name !== 'prop') {
        continue;
      }
      const propScope: NsScope = scopeOf(prop, actionScope);
      for (const property of elementsOf(prop)) {
        instructions.push({
          kind: action.name,
          namespace: property.ns,
          name: property.name,
          valueXml: action.name === 'set' ? innerXmlOf(property, propScope) : '',
        });
      }
    }
  }
  if (instructions.length === 0) {
    throw new DavHttpError(400, undefined, [], 'the propertyupdate changes no property');
  }
  return instructions;
}

/** One propstat per status, each naming its properties (RFC 4918 §9.2.1). */
function propstatXml(results: { instruction: Instruction; status: number }[]): string {
  const byStatus = new Map<number, string[]>();
  for (const { instruction, status } of results) {
    const names = byStatus.get(status) ?? [];
    names.push(element(instruction.namespace, instruction.name));
    byStatus.set(status, names);
  }
  return [...byStatus]
    .map(([status, names]) => {
      const error = status === 403 ? dav('error', dav('cannot-modify-protected-property')) : '';
      return dav(
        'propstat',
        `${dav('prop', names.join(''))}${dav('status', statusLine(status))}${error}`,
      );
    })
    .join('');
}

export const proppatchHandler: DavHandler = async (ctx: DavContext) => {
  // The way down to a key's basic_path is for listing: its folders are not the key's to annotate.
  assertFullAccess(ctx);
  const entry = await onFs(() => ctx.fs.stat(ctx.path));
  await assertWritable(ctx, [{ path: ctx.path, depth: '0' }]);
  const root = await readXmlBody(ctx);
  if (!root) {
    throw new DavHttpError(400, undefined, [], 'PROPPATCH needs a body');
  }
  const instructions = instructionsOf(root);
  const refused = instructions.some((instruction) => instruction.namespace === DAV_NS);
  if (!refused) {
    await ctx.deps.db.transaction().execute(async (trx) => {
      const repo = new DavPropsRepo(trx);
      for (const { kind, namespace, name, valueXml } of instructions) {
        if (kind === 'set') {
          await repo.upsert({ path: ctx.path, namespace, name, value_xml: valueXml });
        } else {
          await repo.remove(ctx.path, namespace, name);
        }
      }
    });
  }
  const results = instructions.map((instruction) => ({
    instruction,
    status: !refused ? 200 : instruction.namespace === DAV_NS ? 403 : 424,
  }));
  const href = ctx.href(ctx.path, entry.isDirectory);
  return multistatus([dav('response', `${dav('href', escapeXml(href))}${propstatXml(results)}`)]);
};
