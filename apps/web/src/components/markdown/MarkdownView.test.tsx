import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MarkdownView } from './MarkdownView';

async function renderBody(source: string): Promise<HTMLElement> {
  await renderWithProviders(<MarkdownView source={source} />);
  return screen.findByTestId('markdown-body', {}, { timeout: 15_000 });
}

// The first render loads the renderer (KaTeX, highlight.js): slow on a busy machine.
describe('MarkdownView', { timeout: 30_000 }, () => {
  it('strips script, event handlers and javascript: links', async () => {
    const body = await renderBody(
      [
        '# Hello',
        '',
        '<script>window.pwned = true</script>',
        '',
        '<img src="x" onerror="window.pwned = true">',
        '',
        '[click me](javascript:alert(1))',
        '',
        '![pic](javascript:alert(2))',
        '',
        '<iframe src="https://example.com"></iframe>',
        '',
        '<a href="https://example.com" onclick="alert(3)" style="position:fixed">styled</a>',
      ].join('\n'),
    );

    expect(screen.getByRole('heading', { name: 'Hello' })).toBeInTheDocument();
    expect(body.querySelector('script, iframe, [onerror], [onclick]')).toBeNull();
    expect(body.innerHTML).not.toMatch(/javascript:/i);
    expect(body.querySelector('[style]')).toBeNull();
    const link = screen.getByText('click me');
    expect(link.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('shows the empty text at once for a blank document (no renderer to wait for)', async () => {
    await renderWithProviders(<MarkdownView source={'  \n'} emptyText="Nothing to preview" />);
    expect(screen.getByText('Nothing to preview')).toBeInTheDocument();
    expect(screen.queryByLabelText(/render/i)).toBeNull();
  });

  it('renders a document without math or code blocks', async () => {
    const body = await renderBody('Plain **bold** text');
    expect(body.querySelector('strong')?.textContent).toBe('bold');
    expect(body.querySelector('.katex, .hljs')).toBeNull();
  });

  it('keeps GFM, math and highlighted code, and cannot smuggle styles through KaTeX', async () => {
    const body = await renderBody(
      [
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
        '',
        '- [x] done',
        '',
        '$E = mc^2$ and $\\htmlStyle{position:fixed;top:0}{x}$',
        '',
        '```js',
        'const answer = 42;',
        '```',
        '',
        '[site](https://example.com)',
      ].join('\n'),
    );

    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(body.querySelector('.katex')).not.toBeNull();
    expect(body.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const');
    const styles = [...body.querySelectorAll('[style]')].map((el) => el.getAttribute('style'));
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.filter((style) => /position/i.test(style ?? ''))).toEqual([]);
    const site = screen.getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('target', '_blank');
    expect(site.getAttribute('rel')).toContain('noopener');
  });
});
