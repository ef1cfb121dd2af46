/**
 * Characters XML 1.0 cannot carry (its `Char` production, §2.2): the C0 controls but tab,
 * LF and CR, lone surrogates, and the noncharacters U+FFFE and U+FFFF. Not even a
 * character reference (`&#1;`) makes them legal. A name or a WebDAV property holding one
 * makes every PROPFIND that shows it ill-formed, and clients then cannot list the folder at
 * all — so the file system refuses such names (virtual paths, object keys) and WebDAV
 * refuses such values and never writes them.
 *
 * With the `u` flag `[\uD800-\uDFFF]` matches a surrogate only when it is not half of a pair.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/u;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/gu;

/** Shown instead of a character XML cannot carry. */
export const XML_REPLACEMENT_CHARACTER = '\uFFFD';

/** Whether `text` holds a character XML 1.0 cannot carry. */
export function hasXmlForbiddenCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** `text` with every character XML cannot carry replaced by U+FFFD (unchanged when none). */
export function replaceXmlForbiddenCharacters(text: string): string {
  return FORBIDDEN.test(text) ? text.replace(FORBIDDEN_ALL, XML_REPLACEMENT_CHARACTER) : text;
}
