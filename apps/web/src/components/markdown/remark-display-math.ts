import type { InlineMath, Math as MathBlock } from 'mdast-util-math';
import type { Parent, Root, RootContent } from 'mdast';

/**
 * `$$a^2$$` alone on a line is display math on GitHub and in Typora, but micromark's math
 * flow needs the fences on lines of their own, so remark-math reads the one-line form as
 * inline math. This turns a paragraph holding nothing but one `$$…$$` inline formula into
 * the same `math` block the multi-line form gives (centred by KaTeX's `katex-display`).
 * A formula written with single dollars, or sharing its paragraph with text, stays inline.
 */
export function remarkDisplayMath() {
  return (tree: Root, file: { value: unknown }): void => {
    const source = typeof file.value === 'string' ? file.value : String(file.value);
    promoteIn(tree, source);
  };
}

function promoteIn(parent: Parent, source: string): void {
  parent.children = parent.children.map((child) => {
    if ('children' in child) {
      promoteIn(child, source);
    }
    const formula = loneDoubleDollarMath(child, source);
    return formula ? toMathBlock(child, formula) : child;
  });
}

/** The paragraph's formula when it is the paragraph's only content and opens with `$$`. */
function loneDoubleDollarMath(node: RootContent, source: string): InlineMath | undefined {
  if (node.type !== 'paragraph' || node.children.length !== 1) {
    return undefined;
  }
  const only = node.children[0];
  const start = only?.position?.start.offset;
  if (only?.type !== 'inlineMath' || start === undefined || !source.startsWith('$$', start)) {
    return undefined;
  }
  return only;
}

function toMathBlock(paragraph: RootContent, formula: InlineMath): MathBlock {
  // The same shape mdast-util-math gives a fenced block, so remark-rehype and
  // rehype-katex treat both alike.
  return {
    type: 'math',
    meta: null,
    value: formula.value,
    position: paragraph.position,
    data: {
      hName: 'pre',
      hChildren: [
        {
          type: 'element',
          tagName: 'code',
          properties: { className: ['language-math', 'math-display'] },
          children: [{ type: 'text', value: formula.value }],
        },
      ],
    },
  };
}
