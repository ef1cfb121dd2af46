import type { Element, ElementContent, Root } from 'hast';

/**
 * Inline-style properties KaTeX writes to size and place its boxes. Anything else —
 * position, z-index, transform, backgrounds, url() — could lift content over the page.
 */
const SAFE_STYLE_PROPERTIES = new Set([
  'height',
  'width',
  'min-width',
  'max-width',
  'vertical-align',
  'top',
  'bottom',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding-left',
  'padding-right',
  'border-top-width',
  'border-bottom-width',
  'border-right-width',
  'border-left-width',
  'border-style',
  'border-color',
  'color',
  'background-color',
]);

const UNSAFE_VALUE = /url\(|expression\(|var\(|@import|\\/i;

function filterStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon <= 0) {
        return false;
      }
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1);
      return SAFE_STYLE_PROPERTIES.has(property) && !UNSAFE_VALUE.test(value);
    })
    .join(';');
}

function isExternal(href: unknown): boolean {
  return typeof href === 'string' && /^(?:https?:)?\/\//i.test(href);
}

function hardenElement(node: Element): void {
  const { properties } = node;
  if (typeof properties.style === 'string') {
    const style = filterStyle(properties.style);
    if (style) {
      properties.style = style;
    } else {
      delete properties.style;
    }
  }
  if (node.tagName === 'a' && isExternal(properties.href)) {
    // Outbound links open apart from the share and tell the target nothing about it.
    properties.target = '_blank';
    properties.rel = ['noopener', 'noreferrer', 'nofollow'];
  }
  if (node.tagName === 'img') {
    properties.loading = 'lazy';
    properties.referrerPolicy = 'no-referrer';
  }
}

function walk(nodes: (ElementContent | Root['children'][number])[]): void {
  for (const node of nodes) {
    if (node.type === 'element') {
      hardenElement(node);
      walk(node.children);
    }
  }
}

/** Runs after the final sanitize pass: trims inline styles, hardens links and images. */
export function rehypeHarden() {
  return (tree: Root) => {
    walk(tree.children);
  };
}
