import { hasXmlForbiddenCharacter } from '@pastebox/contract/rules/xml-characters';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DavHttpError } from '../errors';
import { assertXmlBodyWithinLimits, XML_BODY_LIMITS } from './limits';
import { declarationsOf, NamespaceScope } from './namespaces';

/**
 * Request bodies of WebDAV (PROPFIND, PROPPATCH, LOCK) parsed with fast-xml-parser and then
 * given their namespaces: the parser keeps `prefix:name` and the xmlns attributes, and the
 * names are resolved here, scope by scope, so `<D:prop xmlns:D="DAV:">` and
 * `<prop xmlns="DAV:">` read the same (RFC 4918 §8.2 asks for namespace-aware parsing).
 * A body past XML_BODY_LIMITS (namespaces, elements, depth) is refused before parsing.
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
  maxNestedTags: XML_BODY_LIMITS.depth,
});

type RawNode = Record<string, unknown>;

function refuse(reason: string): never {
  throw new DavHttpError(400, undefined, [], reason);
}

/**
 * A character XML cannot carry is in no production of XML 1.0 (§2.2), and a value holding
 * one could never be written back into a PROPFIND: checked on the raw text, and again on
 * each decoded text and attribute value, whatever decoded it.
 */
function checkedValue(value: string): string {
  if (hasXmlForbiddenCharacter(value)) {
    refuse('the body holds a character XML cannot carry');
  }
  return value;
}

const CHARACTER_REFERENCE = /&#(?:x([0-9a-fA-F]+)|([0-9]+));/g;

/**
 * Character references to what XML cannot carry (`&#1;`, `&#xD800;`): fast-xml-parser drops
 * them silently, which would store a value other than the one sent; they are not
 * well-formed, so the body is refused. (Inside a CDATA section such text is no reference,
 * and is refused all the same: no client writes one.)
 */
function checkCharacterReferences(text: string): void {
  if (!text.includes('&#')) {
    return;
  }
  for (const [, hex, decimal] of text.matchAll(CHARACTER_REFERENCE)) {
    const code = hex === undefined ? Number(decimal) : Number.parseInt(hex, 16);
    if (code > 0x10ffff || hasXmlForbiddenCharacter(String.fromCodePoint(code))) {
      refuse('the body refers to a character XML cannot carry');
    }
  }
}

/** One node and its subtree, names resolved in `scope` (entered and left around it). */
function convert(raw: RawNode, scope: NamespaceScope): XmlNode | null {
  if ('#text' in raw) {
    return { text: checkedValue(String(raw['#text'])) };
  }
  const tag = Object.keys(raw).find((key) => key !== ':@');
  if (tag === undefined || tag.startsWith('?') || tag.startsWith('!')) {
    return null;
  }
  const attributes = (raw[':@'] ?? {}) as Record<string, string>;
  const declarations = declarationsOf(attributes);
  scope.push(declarations);
  for (const [key, value] of Object.entries(attributes)) {
    checkedValue(value);
    scope.resolve(key, false); // an undeclared attribute prefix is refused like an element's
  }
  const { ns, name } = scope.resolve(tag, true);
  const children: XmlNode[] = [];
  for (const child of (raw[tag] ?? []) as RawNode[]) {
    const node = convert(child, scope);
    if (node !== null) {
      children.push(node);
    }
  }
  scope.pop(declarations);
  return { ns, name, attributes, children };
}

function parsed(text: string): RawNode[] {
  if (XMLValidator.validate(text) !== true) {
    refuse('the body is not well-formed XML');
  }
  try {
    return parser.parse(text) as RawNode[];
  } catch (error) {
    if (error instanceof Error && error.message.includes('Maximum nested tags')) {
      refuse(`the body nests elements deeper than ${XML_BODY_LIMITS.depth}`);
    }
    refuse('the body is not well-formed XML');
  }
}

/**
 * The root element of a request body, or null for an empty body. Not well-formed XML is a
 * 400 (RFC 4918 §8.2), and so is a body past {@link XML_BODY_LIMITS}, refused before it is
 * parsed. Every step is linear in the body.
 */
export function parseXmlBody(text: string): XmlElement | null {
  if (text.trim() === '') {
    return null;
  }
  assertXmlBodyWithinLimits(text);
  checkedValue(text);
  checkCharacterReferences(text);
  const scope = new NamespaceScope();
  const roots = parsed(text)
    .map((node) => convert(node, scope))
    .filter((node): node is XmlElement => node !== null && isElement(node));
  if (roots.length !== 1 || !roots[0]) {
    refuse('the body needs one root element');
  }
  return roots[0];
}
