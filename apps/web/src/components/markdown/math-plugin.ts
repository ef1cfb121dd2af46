import 'katex/dist/katex.min.css';

/**
 * KaTeX and its stylesheet, split from the renderer: render-markdown.ts imports this only
 * when a document contains math, so the editor's first preview does not download KaTeX.
 */
export { default as rehypeKatex } from 'rehype-katex';
