import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import type { Processor } from 'unified';

/**
 * remark-gfm and remark-math as the renderer needs them: they also register Markdown
 * *writers* (mdast-util-to-markdown and its handlers, some 10 KB) that only serializing a
 * tree back to Markdown uses, and a reader of a paste never does (DESIGN §9). Same parsers,
 * same trees.
 */
export function remarkGfmReader(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}

/** `$…$` and `$$…$$` math, read only (see remarkGfmReader). */
export function remarkMathReader(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(math());
  (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown());
}
