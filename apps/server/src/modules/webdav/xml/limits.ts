import { DavHttpError } from '../errors';

/**
 * What a WebDAV request body may hold beyond its byte limit (read-body.ts), checked on the
 * raw text in one pass before the validator and the parser see it, so an absurd body costs
 * a scan and a 400 rather than a parse. Real clients send a handful of namespaces, tens of
 * elements and a few levels of nesting; a PROPPATCH of a large dead property stays far
 * below these too.
 *
 * The counts are upper bounds read from the text, not from the parse: `xmlns=` inside an
 * attribute value or `<` inside a comment or CDATA section count as well. That only ever
 * refuses more, never less, and keeps the check linear and ahead of every costly step.
 */
export const XML_BODY_LIMITS = {
  /** `xmlns` and `xmlns:p` declarations in the whole body. */
  namespaceDeclarations: 100,
  /** Start and empty-element tags in the whole body. */
  elements: 10_000,
  /**
   * Attributes in the whole body: the costliest thing to parse (a 1 MB body of them took
   * half a second of CPU), and WebDAV bodies carry next to none.
   */
  attributes: 2_000,
  /** Elements open at once (the root counts as one). */
  depth: 64,
} as const;

/** An attribute name that declares a namespace, at an attribute's place after whitespace. */
const NAMESPACE_DECLARATION = /\sxmlns(?::[^\s=/>]*)?\s*=/g;

/** A `<` that opens an element: not `</`, `<!` (comment, CDATA) or `<?`. */
const ELEMENT_START = /<[^/!?]/g;

/** `name="` or `name='` after whitespace: an attribute, or text that looks like one. */
const ATTRIBUTE = /\s[^\s=<>"']+\s*=\s*["']/g;

/** Matches of `pattern` in `text`, counting stopped once past `limit`. */
function countUpTo(text: string, pattern: RegExp, limit: number): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (count <= limit && pattern.exec(text) !== null) {
    count += 1;
  }
  pattern.lastIndex = 0;
  return count;
}

/** 400 for a body over one of {@link XML_BODY_LIMITS}' counts; linear in the text. */
export function assertXmlBodyWithinLimits(text: string): void {
  const { namespaceDeclarations, elements, attributes } = XML_BODY_LIMITS;
  if (countUpTo(text, NAMESPACE_DECLARATION, namespaceDeclarations) > namespaceDeclarations) {
    throw new DavHttpError(
      400,
      undefined,
      [],
      `the body declares more than ${namespaceDeclarations} namespaces`,
    );
  }
  if (countUpTo(text, ELEMENT_START, elements) > elements) {
    throw new DavHttpError(400, undefined, [], `the body holds more than ${elements} elements`);
  }
  if (countUpTo(text, ATTRIBUTE, attributes) > attributes) {
    throw new DavHttpError(400, undefined, [], `the body holds more than ${attributes} attributes`);
  }
}
