import { describe, expect, it } from 'vitest';
import { renderMarkdownToHtml } from './render-markdown';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

/** The TeX source of every formula rendered as display (block) math. */
function displayFormulas(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.katex-display annotation')].map(
    (annotation) => annotation.textContent ?? '',
  );
}

// The first render loads KaTeX: slow on a busy machine.
describe('renderMarkdownToHtml: display math', { timeout: 30_000 }, () => {
  it('renders $$…$$ alone on a line as display math, like the multi-line form', async () => {
    const html = await renderMarkdownToHtml(
      ['Pythagoras:', '', '$$a^2+b^2=c^2$$', '', '$$', 'e^{i\\pi}+1=0', '$$'].join('\n'),
    );

    const container = parse(html);
    expect(displayFormulas(container)).toEqual(['a^2+b^2=c^2', 'e^{i\\pi}+1=0']);
    expect(container.querySelector('p .katex')).toBeNull();
  });

  it('promotes a lone $$…$$ inside a quote or a list item too', async () => {
    const html = await renderMarkdownToHtml(['> $$q$$', '', '- $$x_1$$'].join('\n'));

    expect(displayFormulas(parse(html))).toEqual(['q', 'x_1']);
  });

  it('keeps $$…$$ among text, and a lone $…$, inline', async () => {
    const html = await renderMarkdownToHtml(
      ['Text $$x$$ and more.', '', '$y$', '', '$$a$$ $$b$$'].join('\n'),
    );

    const container = parse(html);
    expect(displayFormulas(container)).toEqual([]);
    expect(container.querySelectorAll('p .katex')).toHaveLength(4);
  });
});
