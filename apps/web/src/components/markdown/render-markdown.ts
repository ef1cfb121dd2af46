import 'katex/dist/katex.min.css';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { rehypeHarden } from './rehype-harden';
import { authorSchema, renderedSchema } from './sanitize-schema';

/**
 * Markdown → sanitized HTML. Raw HTML in the source is dropped (remark-rehype without
 * allowDangerousHtml); the author's markup is sanitized before KaTeX and highlight.js
 * expand it and the result is sanitized again (see sanitize-schema.ts). Mermaid blocks stay
 * plain `language-mermaid` code for MarkdownView to draw lazily.
 *
 * This module is heavy (KaTeX, highlight.js grammars): import it dynamically.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkRehype)
  .use(rehypeSanitize, authorSchema)
  // trust:false keeps \href/\url/\htmlClass off; maxSize/maxExpand bound \rule and macros.
  .use(rehypeKatex, { trust: false, maxSize: 50, maxExpand: 500, strict: 'ignore' })
  .use(rehypeHighlight, { detect: false, plainText: ['mermaid', 'text', 'txt', 'plain'] })
  .use(rehypeSanitize, renderedSchema)
  .use(rehypeHarden)
  .use(rehypeStringify);

/** Renders Markdown to HTML that is safe to place in the page. */
export function renderMarkdownToHtml(source: string): string {
  return String(processor.processSync(source));
}
