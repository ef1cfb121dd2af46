import { DavHttpError } from '../errors';

/**
 * The namespace bindings in scope while a parsed body is walked (Namespaces in XML 1.0 §6):
 * one stack of URIs per prefix, pushed when an element declares a prefix and popped when
 * the walk leaves it. Entering, leaving and resolving cost only the element's own
 * declarations, never the whole scope: copying the in-scope map per element, as before,
 * made 4,000 declarations × 8,000 elements cost seconds of CPU (issue 29).
 */

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** A declaration an element makes: prefix ('' for the default namespace) → URI. */
export type Declaration = readonly [prefix: string, uri: string];

function refuse(reason: string): never {
  throw new DavHttpError(400, undefined, [], reason);
}

/** The declarations among an element's attributes, checked as §3 of the spec asks. */
export function declarationsOf(attributes: Record<string, string>): Declaration[] {
  const declarations: Declaration[] = [];
  for (const [key, uri] of Object.entries(attributes)) {
    if (key === 'xmlns') {
      if (uri === XML_NS || uri === XMLNS_NS) {
        refuse(`${uri} cannot be the default namespace`);
      }
      declarations.push(['', uri]);
    } else if (key.startsWith('xmlns:')) {
      const prefix = key.slice('xmlns:'.length);
      if (uri === '') {
        // Namespaces in XML 1.0 §2.2: a prefix cannot be bound to the empty name.
        refuse(`empty namespace for prefix ${prefix}`);
      }
      const reserved = prefix === 'xmlns' || (prefix === 'xml') !== (uri === XML_NS);
      if (prefix === '' || reserved || uri === XMLNS_NS) {
        refuse(`the prefix ${prefix} cannot be bound to ${uri}`);
      }
      declarations.push([prefix, uri]);
    }
  }
  return declarations;
}

export class NamespaceScope {
  private readonly bindings = new Map<string, string[]>([['xml', [XML_NS]]]);

  /** Enters an element that makes `declarations`. */
  push(declarations: readonly Declaration[]): void {
    for (const [prefix, uri] of declarations) {
      const stack = this.bindings.get(prefix);
      if (stack) {
        stack.push(uri);
      } else {
        this.bindings.set(prefix, [uri]);
      }
    }
  }

  /** Leaves the element entered with the same `declarations`. */
  pop(declarations: readonly Declaration[]): void {
    for (const [prefix] of declarations) {
      this.bindings.get(prefix)?.pop();
    }
  }

  /** The URI bound to `prefix` ('' for the default namespace), or undefined. */
  uriOf(prefix: string): string | undefined {
    const stack = this.bindings.get(prefix);
    return stack?.[stack.length - 1];
  }

  /** The namespace and local name of an element's (`element`) or attribute's qualified name. */
  resolve(qualified: string, element: boolean): { ns: string; name: string } {
    const colon = qualified.indexOf(':');
    if (colon === -1) {
      return { ns: element ? (this.uriOf('') ?? '') : '', name: qualified };
    }
    const prefix = qualified.slice(0, colon);
    const ns = prefix === 'xmlns' ? XMLNS_NS : this.uriOf(prefix);
    if (ns === undefined) {
      refuse(`undeclared namespace prefix ${prefix}`);
    }
    return { ns, name: qualified.slice(colon + 1) };
  }
}
