import { defaultSchema } from 'rehype-sanitize';
import type { Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * The pipeline sanitizes twice. The first pass sees only what the author wrote (GitHub's
 * rules: no script, no event handlers, no style, http(s)/mailto links only) and keeps just
 * the classes remark-math and fenced code blocks need. KaTeX and highlight.js then turn
 * that text into markup, and the second pass lets through only the elements, classes and
 * inline sizes those two generate — never script, handlers, frames or foreign URLs.
 */
export const authorSchema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-[\w+#.-]+$/, 'math-inline', 'math-display']],
  },
};

/** MathML that KaTeX writes for screen readers (output 'htmlAndMathml'). */
const MATHML_TAGS = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'merror',
];

const MATHML_ATTRIBUTES = [
  'xmlns',
  'display',
  'encoding',
  'mathvariant',
  'mathcolor',
  'mathbackground',
  'mathsize',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'minsize',
  'maxsize',
  'form',
  'accent',
  'accentunder',
  'linethickness',
  'scriptlevel',
  'displaystyle',
  'notation',
  'voffset',
  'depth',
  'rowspacing',
  'columnspacing',
  'columnalign',
  'columnlines',
  'rowlines',
  'width',
  'height',
];

/**
 * KaTeX's classes have no common prefix, so any plain class name passes — except the app's
 * own (Mantine's `mantine-*` / `m_*`, ours `pb-*`), which could restyle the page.
 */
const KATEX_AND_HLJS_CLASS: [string, RegExp] = ['className', /^(?!mantine-|m_|pb-)[\w-]+$/];

/** The second pass, run after KaTeX and highlight.js (see {@link authorSchema}). */
export const renderedSchema: SanitizeSchema = {
  ...authorSchema,
  tagNames: [...(authorSchema.tagNames ?? []), ...MATHML_TAGS, 'svg', 'path', 'line'],
  attributes: {
    ...authorSchema.attributes,
    // KaTeX sizes its boxes inline; rehype-safe-style filters those declarations.
    span: [...(authorSchema.attributes?.span ?? []), KATEX_AND_HLJS_CLASS, 'style', 'ariaHidden'],
    code: [['className', /^(?:language-[\w+#.-]+|math-inline|math-display|hljs)$/]],
    pre: [['className', 'hljs']],
    svg: ['xmlns', 'width', 'height', 'viewBox', 'preserveAspectRatio', 'style'],
    path: ['d'],
    line: ['x1', 'y1', 'x2', 'y2', 'strokeWidth'],
    ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, MATHML_ATTRIBUTES])),
  },
};
