import { isElement, type XmlElement, type XmlNode } from '@/modules/webdav/xml/parse';
import { escapeXml } from '@/modules/webdav/xml/write';

/**
 * A property value (or a lock's owner) kept as XML text (RFC 4918 §4.3, §4.4): the element's
 * children written again with every name resolved, so the text means the same wherever it is
 * later put — each top element declares its own default namespace (`xmlns=""` for none) and
 * every prefixed attribute gets a prefix declared on its element. Text is kept as it was.
 */

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Namespace bindings in scope: prefix → URI ('' is the default namespace). */
export type NsScope = ReadonlyMap<string, string>;

export const ROOT_SCOPE: NsScope = new Map([['xml', XML_NS]]);

/**
 * The bindings inside `element`: the outer ones and its own xmlns attributes. A copy only
 * for an element that declares something, and a body declares at most
 * XML_BODY_LIMITS.namespaceDeclarations (100): at most 100 copies of 101 bindings.
 */
export function scopeOf(element: XmlElement, outer: NsScope): NsScope {
  const entries = Object.entries(element.attributes).filter(
    ([key]) => key === 'xmlns' || key.startsWith('xmlns:'),
  );
  if (entries.length === 0) {
    return outer;
  }
  const scope = new Map(outer);
  for (const [key, value] of entries) {
    scope.set(key === 'xmlns' ? '' : key.slice('xmlns:'.length), value);
  }
  return scope;
}

function attributesXml(element: XmlElement, scope: NsScope): string {
  let out = '';
  let declared = 0;
  for (const [key, value] of Object.entries(element.attributes)) {
    if (key === 'xmlns' || key.startsWith('xmlns:')) {
      continue;
    }
    const colon = key.indexOf(':');
    if (colon === -1) {
      out += ` ${key}="${escapeXml(value)}"`;
      continue;
    }
    const prefix = key.slice(0, colon);
    const local = key.slice(colon + 1);
    if (prefix === 'xml') {
      out += ` ${key}="${escapeXml(value)}"`;
      continue;
    }
    // The parser refused undeclared prefixes; `?? ''` only satisfies the type.
    const ns = scope.get(prefix) ?? '';
    if (ns === '') {
      out += ` ${local}="${escapeXml(value)}"`;
      continue;
    }
    const alias = `a${declared++}`;
    out += ` xmlns:${alias}="${escapeXml(ns)}" ${alias}:${local}="${escapeXml(value)}"`;
  }
  return out;
}

function nodeXml(node: XmlNode, outer: NsScope, parentNs: string | null): string {
  if (!isElement(node)) {
    return escapeXml(node.text);
  }
  const scope = scopeOf(node, outer);
  const declaration = node.ns === parentNs ? '' : ` xmlns="${escapeXml(node.ns)}"`;
  const open = `<${node.name}${declaration}${attributesXml(node, scope)}`;
  if (node.children.length === 0) {
    return `${open}/>`;
  }
  const inner = node.children.map((child) => nodeXml(child, scope, node.ns)).join('');
  return `${open}>${inner}</${node.name}>`;
}

/** The children of `element` as XML text; `outer` is the scope `element` was parsed in. */
export function innerXmlOf(element: XmlElement, outer: NsScope): string {
  const scope = scopeOf(element, outer);
  return element.children.map((child) => nodeXml(child, scope, null)).join('');
}
