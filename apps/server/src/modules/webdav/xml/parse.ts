import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DavHttpError } from '../errors';

/**
 * Request bodies of WebDAV (PROPFIND, PROPPATCH, LOCK) parsed with fast-xml-parser and then
 * given their namespaces: the parser keeps `prefix:name` and the xmlns attributes, and the
 * names are resolved here, scope by scope, so `<D:prop xmlns:D="DAV:">` and
 * `<prop xmlns="DAV:">` read the same (RFC 4918 §8.2 asks for namespace-aware parsing).
 */

export const DAV_NS = 'DAV:';

export interface XmlElement {
  /** The namespace URI ('' for none). */
  ns: string;
  /** The local name. */
  name: string;
  /** Attributes as written (`xmlns:*` included). */
  attributes: Record<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | { text: string };

export function isElement(node: XmlNode): node is XmlElement {
  return 'name' in node;
}

/** The child elements of an element (text between them dropped). */
export function elementsOf(element: XmlElement): XmlElement[] {
  return element.children.filter(isElement);
}

/** The first child element with this namespace and name. */
export function childOf(element: XmlElement, ns: string, name: string): XmlElement | undefined {
  return elementsOf(element).find((child) => child.ns === ns && child.name === name);
}

/** The text inside an element, its descendants' included. */
export function textOf(element: XmlElement): string {
  return element.children.map((node) => (isElement(node) ? textOf(node) : node.text)).join('');
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Numeric character references (`&#65536;`) are decoded only with this on.
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
});

type RawNode = Record<string, unknown>;

type Scope = Map<string, string>;

function resolveName(
  qualified: string,
  scope: Scope,
  element: boolean,
): { ns: string; name: string } {
  const colon = qualified.indexOf(':');
  if (colon === -1) {
    return { ns: element ? (scope.get('') ?? '') : '', name: qualified };
  }
  const prefix = qualified.slice(0, colon);
  const ns = scope.get(prefix);
  if (ns === undefined) {
    throw new DavHttpError(400, undefined, [], `undeclared namespace prefix ${prefix}`);
  }
  return { ns, name: qualified.slice(colon + 1) };
}

function convert(raw: RawNode, outer: Scope): XmlNode | null {
  if ('#text' in raw) {
    return { text: String(raw['#text']) };
  }
  const tag = Object.keys(raw).find((key) => key !== ':@');
  if (tag === undefined || tag.startsWith('?') || tag.startsWith('!')) {
    return null;
  }
  const attributes = (raw[':@'] ?? {}) as Record<string, string>;
  const scope = new Map(outer);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'xmlns') {
      scope.set('', value);
    } else if (key.startsWith('xmlns:')) {
      if (value === '') {
        // Namespaces in XML 1.0 §2.2: a prefix cannot be bound to the empty name.
        throw new DavHttpError(400, undefined, [], `empty namespace for prefix ${key}`);
      }
      scope.set(key.slice('xmlns:'.length), value);
    }
  }
  const { ns, name } = resolveName(tag, scope, true);
  const rawChildren = (raw[tag] ?? []) as RawNode[];
  const children = rawChildren
    .map((child) => convert(child, scope))
    .filter((child): child is XmlNode => child !== null);
  return { ns, name, attributes, children };
}

/**
 * The root element of a request body, or null for an empty body. Not well-formed XML is a
 * 400 (RFC 4918 §8.2).
 */
export function parseXmlBody(text: string): XmlElement | null {
  if (text.trim() === '') {
    return null;
  }
  if (XMLValidator.validate(text) !== true) {
    throw new DavHttpError(400, undefined, [], 'the body is not well-formed XML');
  }
  let parsed: RawNode[];
  try {
    parsed = parser.parse(text) as RawNode[];
  } catch {
    throw new DavHttpError(400, undefined, [], 'the body is not well-formed XML');
  }
  const roots = parsed
    .map((node) => convert(node, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']])))
    .filter((node): node is XmlElement => node !== null && isElement(node));
  if (roots.length !== 1 || !roots[0]) {
    throw new DavHttpError(400, undefined, [], 'the body needs one root element');
  }
  return roots[0];
}
