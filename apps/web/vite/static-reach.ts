import { parseSync, type ESTree, type Rolldown } from 'vite';

/** The exports of a module that its importers use: some names, or all of them. */
type Names = ReadonlySet<string> | 'all';

interface ModuleEdges {
  /** `import … from` and `import '…'`: the whole module runs, these names are used. */
  imports: { target: string; names: Names }[];
  /** `export { a as b } from` / `export * from`: followed only for the names asked. */
  reexports: { target: string; names: Map<string, string> | 'all' }[];
  /** Nothing but re-exports and imports: no code of its own (an index file). */
  barrel: boolean;
}

/**
 * The modules that the `starts` load statically, reading only the re-exports they use: a
 * library's index file (`@mantine/core`, `@tabler/icons-react`) re-exports every component
 * and icon, and following all of its edges would reach each one that any page of the app
 * uses. Index files themselves are left out of the result. Dependencies a module reaches
 * otherwise (CommonJS `require`) are not listed; code splitting adds them to a group anyway.
 */
export async function staticReach(
  context: Rolldown.PluginContext,
  starts: string[],
): Promise<Set<string>> {
  const edgesCache = new Map<string, ModuleEdges | null>();
  const wanted = new Map<string, Names>();
  const queue: [string, Names][] = starts.map((id) => [id, 'all']);
  for (let next = queue.pop(); next; next = queue.pop()) {
    const [id, names] = next;
    const before = wanted.get(id);
    const merged = union(before, names);
    if (before !== undefined && size(merged) === size(before)) {
      continue;
    }
    wanted.set(id, merged);
    if (!edgesCache.has(id)) {
      edgesCache.set(id, await edgesOf(context, id));
    }
    const edges = edgesCache.get(id);
    if (!edges) {
      continue;
    }
    if (before === undefined) {
      edges.imports.forEach(({ target, names: used }) => queue.push([target, used]));
    }
    for (const { target, names: mapping } of edges.reexports) {
      const asked = reexported(mapping, merged);
      if (asked === 'all' || asked.size > 0) {
        queue.push([target, asked]);
      }
    }
  }
  return new Set([...wanted.keys()].filter((id) => edgesCache.get(id)?.barrel !== true));
}

function union(a: Names | undefined, b: Names): Names {
  if (a === 'all' || b === 'all') {
    return 'all';
  }
  return new Set([...(a ?? []), ...b]);
}

function size(names: Names): number {
  return names === 'all' ? Infinity : names.size;
}

/** The names to ask of a re-export's source, for the names asked of the re-exporting module. */
function reexported(mapping: Map<string, string> | 'all', asked: Names): Names {
  if (mapping === 'all') {
    return asked;
  }
  const names = new Set<string>();
  for (const [exported, local] of mapping) {
    if (asked === 'all' || asked.has(exported)) {
      if (local === '*') {
        return 'all';
      }
      names.add(local);
    }
  }
  return names;
}

async function edgesOf(context: Rolldown.PluginContext, id: string): Promise<ModuleEdges | null> {
  const code = context.getModuleInfo(id)?.code;
  if (!code) {
    return null;
  }
  const { program } = parseSync(id.replace(/\?.*$/, ''), code, { lang: 'js' });
  const edges: ModuleEdges = { imports: [], reexports: [], barrel: true };
  const resolve = async (source: string) => (await context.resolve(source, id))?.id;
  // An index file may import a namespace only to export it (`export { index as icons }`).
  const bindings = new Map<string, { target: string; imported: string }>();
  const imports: ModuleEdges['imports'] = [];
  const exportedBindings: [string, string][] = [];
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      const target = await resolve(statement.source.value);
      if (!target) {
        continue;
      }
      imports.push({ target, names: importedNames(statement) });
      for (const specifier of statement.specifiers) {
        bindings.set(specifier.local.name, { target, imported: importedName(specifier) });
      }
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      const target = await resolve(statement.source.value);
      if (target) {
        edges.reexports.push({ target, names: reexportMapping(statement) });
      }
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      for (const specifier of statement.specifiers) {
        exportedBindings.push([nameOf(specifier.exported), nameOf(specifier.local)]);
      }
    } else if (statement.type === 'ExportAllDeclaration') {
      const target = await resolve(statement.source.value);
      if (target) {
        // `export * as ns from`: the namespace is the whole module.
        edges.reexports.push({
          target,
          names: statement.exported ? new Map([[nameOf(statement.exported), '*']]) : 'all',
        });
      }
    } else {
      edges.barrel = false;
    }
  }
  if (!edges.barrel) {
    edges.imports = imports;
    return edges;
  }
  // In an index file an imported binding is only ever exported again: a re-export.
  edges.imports = imports.filter(({ names }) => names !== 'all' && names.size === 0);
  for (const [exported, local] of exportedBindings) {
    const binding = bindings.get(local);
    if (binding) {
      edges.reexports.push({
        target: binding.target,
        names: new Map([[exported, binding.imported]]),
      });
    }
  }
  return edges;
}

function importedName(specifier: ESTree.ImportDeclaration['specifiers'][number]): string {
  if (specifier.type === 'ImportNamespaceSpecifier') {
    return '*';
  }
  return specifier.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(specifier.imported);
}

function importedNames(statement: ESTree.ImportDeclaration): Names {
  const names = statement.specifiers.map(importedName);
  return names.includes('*') ? 'all' : new Set(names);
}

function reexportMapping(statement: ESTree.ExportNamedDeclaration): Map<string, string> | 'all' {
  const mapping = new Map<string, string>();
  for (const specifier of statement.specifiers) {
    mapping.set(nameOf(specifier.exported), nameOf(specifier.local));
  }
  return mapping;
}

function nameOf(node: ESTree.IdentifierName | ESTree.IdentifierReference | ESTree.StringLiteral) {
  return node.type === 'Literal' ? node.value : node.name;
}
