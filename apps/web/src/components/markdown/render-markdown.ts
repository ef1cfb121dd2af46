import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Pluggable } from 'unified';
import { rehypeHarden } from './rehype-harden';
import { remarkDisplayMath } from './remark-display-math';
import { remarkGfmReader, remarkMathReader } from './remark-read-only';
import { authorSchema, renderedSchema } from './sanitize-schema';

/**
 * Markdown → sanitized HTML. Raw HTML in the source is dropped (remark-rehype without
 * allowDangerousHtml); the author's markup is sanitized before KaTeX and highlight.js
 * expand it and the result is sanitized again (see sanitize-schema.ts). Mermaid blocks stay
 * plain `language-mermaid` code for MarkdownView to draw lazily.
 *
 * KaTeX and highlight.js are large, so each is fetched only for a document that can use it
 * (math needs a `$`, highlighting a fenced code block); without them the output is the same.
 */

type Expander = 'math' | 'highlight';

let mathPlugin: Promise<Pluggable> | null = null;
let highlightPlugin: Promise<Pluggable> | null = null;
const processors = new Map<string, ReturnType<typeof buildProcessor>>();

function loadMath(): Promise<Pluggable> {
  // trust:false keeps \href/\url/\htmlClass off; maxSize/maxExpand bound \rule and macros.
  mathPlugin ??= import('./math-plugin').then(({ rehypeKatex }) => [
    rehypeKatex,
    { trust: false, maxSize: 50, maxExpand: 500, strict: 'ignore' },
  ]);
  return mathPlugin;
}

function loadHighlight(): Promise<Pluggable> {
  highlightPlugin ??= import('rehype-highlight').then(({ default: rehypeHighlight }) => [
    rehypeHighlight,
    { detect: false, plainText: ['mermaid', 'text', 'txt', 'plain'] },
  ]);
  return highlightPlugin;
}

function buildProcessor(expanders: Pluggable[]) {
  return unified()
    .use(remarkParse)
    .use(remarkGfmReader)
    .use(remarkMathReader)
    .use(remarkDisplayMath)
    .use(remarkRehype)
    .use(rehypeSanitize, authorSchema)
    .use(expanders)
    .use(rehypeSanitize, renderedSchema)
    .use(rehypeHarden)
    .use(rehypeStringify);
}

/** Which expanders the source can need (a cheap over-estimate: unused ones do nothing). */
function expandersFor(source: string): Expander[] {
  const needed: Expander[] = [];
  if (source.includes('$')) {
    needed.push('math');
  }
  if (/`{3}|~{3}/.test(source)) {
    needed.push('highlight');
  }
  return needed;
}

/** Renders Markdown to HTML that is safe to place in the page. */
export async function renderMarkdownToHtml(source: string): Promise<string> {
  const needed = expandersFor(source);
  const key = needed.join('+');
  let processor = processors.get(key);
  if (!processor) {
    const expanders = await Promise.all(
      needed.map((name) => (name === 'math' ? loadMath() : loadHighlight())),
    );
    processor = processors.get(key) ?? buildProcessor(expanders);
    processors.set(key, processor);
  }
  return String(processor.processSync(source));
}
