/**
 * The stylesheet embedded in exported HTML: readable on its own, no network needed. Math is
 * shown through the MathML KaTeX writes alongside its HTML (browsers render MathML
 * natively), so the KaTeX fonts need not travel with the file.
 */
export const EXPORT_CSS = `
*{box-sizing:border-box}
body{margin:0;background:#fff;color:#1f2328;font:16px/1.7 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'PingFang SC','Microsoft YaHei',sans-serif}
.pb-markdown{max-width:860px;margin:0 auto;padding:40px 24px;overflow-wrap:anywhere}
.pb-markdown h1,.pb-markdown h2{border-bottom:1px solid #d8dee4;padding-bottom:.25em}
.pb-markdown h1,.pb-markdown h2,.pb-markdown h3,.pb-markdown h4{margin:1.4em 0 .6em;line-height:1.3}
.pb-markdown a{color:#0969da}
.pb-markdown img{max-width:100%;height:auto}
.pb-markdown blockquote{margin:0 0 1em;padding:.25em 1em;border-left:4px solid #d0d7de;color:#59636e}
.pb-markdown code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88em;padding:.15em .4em;border-radius:4px;background:#eff1f3}
.pb-markdown pre{overflow-x:auto;padding:.9em 1em;border-radius:8px;background:#f6f8fa;border:1px solid #eaeef2;line-height:1.5}
.pb-markdown pre code{padding:0;background:none}
.pb-markdown table{border-collapse:collapse;display:block;max-width:100%;overflow-x:auto;margin:0 0 1em}
.pb-markdown th,.pb-markdown td{border:1px solid #d0d7de;padding:.4em .8em}
.pb-markdown th{background:#f6f8fa}
.pb-markdown hr{border:0;border-top:1px solid #d8dee4;margin:1.5em 0}
.pb-markdown .contains-task-list{list-style:none;padding-left:.4em}
.pb-markdown .katex-html{display:none}
.pb-markdown .katex-display{display:block;text-align:center;margin:1em 0;overflow-x:auto}
.pb-markdown .pb-mermaid{display:flex;justify-content:center;margin:0 0 1em}
.pb-markdown .pb-mermaid svg{max-width:100%;height:auto}
.pb-markdown .sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.hljs-comment,.hljs-quote{color:#6a737d;font-style:italic}
.hljs-keyword,.hljs-selector-tag,.hljs-doctag{color:#d73a49}
.hljs-string,.hljs-regexp,.hljs-addition{color:#032f62}
.hljs-number,.hljs-literal,.hljs-variable,.hljs-attr,.hljs-attribute,.hljs-operator{color:#005cc5}
.hljs-title,.hljs-section{color:#6f42c1}
.hljs-type,.hljs-built_in,.hljs-symbol,.hljs-params{color:#e36209}
.hljs-name,.hljs-tag,.hljs-bullet{color:#22863a}
.hljs-meta,.hljs-link{color:#735c0f}
.hljs-deletion{color:#b31d28;background:#ffeef0}
`;
