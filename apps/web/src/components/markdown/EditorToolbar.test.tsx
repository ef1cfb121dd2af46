import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { EditorToolbar } from './EditorToolbar';
import { runToolbarAction } from './toolbar-commands';

const WORDS = {
  text: 'text',
  code: 'code',
  linkText: 'link',
  imageAlt: 'alt',
  column: 'Column',
  cell: 'Cell',
};

const PRIMARY = ['Bold', 'Italic', 'Heading', 'Quote', 'Inline code', 'Link', 'Bulleted list'];
const FOLDED = [
  'Strikethrough',
  'Code block',
  'Image',
  'Numbered list',
  'Task list',
  'Table',
  'Horizontal rule',
];

interface HappyDom {
  setViewport(size: { width: number; height: number }): void;
}
/** happy-dom applies Mantine's hiddenFrom/visibleFrom media queries at this window size. */
function setViewportWidth(width: number): void {
  (window as unknown as { happyDOM: HappyDom }).happyDOM.setViewport({ width, height: 800 });
}

let view: EditorView | null = null;

afterEach(() => {
  view?.destroy();
  view = null;
  setViewportWidth(1024);
});

/**
 * The toolbar over a detached editor (see markdown-commands.test.ts for why detached), its
 * actions run as MarkdownEditor runs them once CodeMirror is there.
 */
async function renderToolbar(doc: string, width: number) {
  setViewportWidth(width);
  view = new EditorView({
    state: EditorState.create({ doc, selection: EditorSelection.cursor(doc.length) }),
  });
  const current = view;
  await renderWithProviders(
    <EditorToolbar onAction={(id) => runToolbarAction(id, current, WORDS)} />,
  );
  const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
  const names = within(toolbar)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));
  return { user: userEvent.setup(), toolbar, names };
}

describe('EditorToolbar', () => {
  it('shows every action on the bar of a wide screen, with no "more" menu', async () => {
    const { names } = await renderToolbar('', 1024);

    expect(names).toHaveLength(PRIMARY.length + FOLDED.length);
    expect(names).toEqual(expect.arrayContaining([...PRIMARY, ...FOLDED]));
    expect(names).not.toContain('More formatting');
  });

  it('folds the less-used actions into a "more" menu on a phone; they act on the editor', async () => {
    const { user, toolbar, names } = await renderToolbar('Intro\n', 390);
    expect(names).toEqual([...PRIMARY, 'More formatting']);

    await user.click(within(toolbar).getByRole('button', { name: 'More formatting' }));
    // No layout in happy-dom: floating-ui takes the target for hidden and hides the dropdown.
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual(FOLDED);

    await user.click(within(menu).getByRole('menuitem', { name: 'Table', hidden: true }));
    expect(view?.state.doc.toString()).toContain('| --- | --- | --- |');
  });
});
