import { DavHttpError } from '../errors';

/**
 * The `If` header (RFC 4918 §10.4): lists of conditions, each list either for the request
 * URI (no tag) or for the resource its tag names. A condition is a state token (`<urn>`) or
 * an entity tag (`["etag"]`), either negated by `Not`.
 */

export interface IfCondition {
  not: boolean;
  kind: 'token' | 'etag';
  value: string;
}

export interface IfList {
  /** The resource tag as written (an absolute URI or path), null for the request URI. */
  tag: string | null;
  conditions: IfCondition[];
}

function malformed(): never {
  throw new DavHttpError(400, undefined, [], 'malformed If header');
}

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text.charAt(this.at))) {
      this.at += 1;
    }
  }

  peek(): string {
    this.skipSpace();
    return this.text.charAt(this.at);
  }

  done(): boolean {
    return this.peek() === '';
  }

  expect(char: string): void {
    if (this.peek() !== char) {
      malformed();
    }
    this.at += 1;
  }

  /** Text up to (not including) `end`, which is consumed. */
  until(end: string): string {
    const close = this.text.indexOf(end, this.at);
    if (close === -1) {
      malformed();
    }
    const value = this.text.slice(this.at, close);
    this.at = close + end.length;
    return value;
  }

  keyword(word: string): boolean {
    this.skipSpace();
    if (this.text.slice(this.at, this.at + word.length).toLowerCase() === word.toLowerCase()) {
      this.at += word.length;
      return true;
    }
    return false;
  }

  /** `[W/"..."]` or `["..."]`: the entity tag between the brackets. */
  entityTag(): string {
    this.expect('[');
    this.skipSpace();
    let value = '';
    if (this.text.startsWith('W/', this.at)) {
      value = 'W/';
      this.at += 2;
    }
    if (this.text.charAt(this.at) !== '"') {
      malformed();
    }
    this.at += 1;
    value += `"${this.until('"')}"`;
    this.expect(']');
    return value;
  }
}

/** The lists of an If header, in order; a malformed header is a 400. */
export function parseIfHeader(header: string): IfList[] {
  const reader = new Reader(header);
  const lists: IfList[] = [];
  let tag: string | null = null;
  let tagged: boolean | null = null;
  while (!reader.done()) {
    if (reader.peek() === '<') {
      if (tagged === false) {
        malformed();
      }
      tagged = true;
      reader.expect('<');
      tag = reader.until('>').trim();
      continue;
    }
    if (tagged === null) {
      tagged = false;
    }
    reader.expect('(');
    const conditions: IfCondition[] = [];
    while (reader.peek() !== ')') {
      const not = reader.keyword('Not');
      const next = reader.peek();
      if (next === '<') {
        reader.expect('<');
        conditions.push({ not, kind: 'token', value: reader.until('>').trim() });
      } else if (next === '[') {
        conditions.push({ not, kind: 'etag', value: reader.entityTag() });
      } else {
        malformed();
      }
    }
    reader.expect(')');
    if (conditions.length === 0 || (tagged && tag === null)) {
      malformed();
    }
    lists.push({ tag, conditions });
  }
  if (lists.length === 0) {
    malformed();
  }
  return lists;
}

/** The opaque part of an entity tag, so `W/"x"`, `"x"` and a bare `x` compare equal. */
export function etagCore(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}
