import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { CodeEditorProps } from './CodeEditor';
import type * as LazyEditor from './lazy-editor';
import type { CodeEditorModule } from './lazy-editor';
import { MarkdownEditor, PLAIN_EDITOR_MAX_CHARS, type MarkdownEditorProps } from './MarkdownEditor';
import { runToolbarAction } from './toolbar-commands';

const loads = vi.hoisted(() => ({
  count: 0,
  stand_in: null as CodeEditorModule | null,
  fail: false,
}));

// Counts CodeMirror's fetches; every editor starts plain, as on a first visit.
vi.mock('./lazy-editor', async (importOriginal) => {
  const actual = await importOriginal<typeof LazyEditor>();
  return {
    ...actual,
    loadedCodeEditor: () => null,
    loadCodeEditor: () => {
      loads.count += 1;
      if (loads.fail) {
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      }
      return loads.stand_in ? Promise.resolve(loads.stand_in) : actual.loadCodeEditor();
    },
  };
});

afterEach(() => {
  loads.stand_in = null;
  loads.fail = false;
  vi.restoreAllMocks();
});

/**
 * CodeMirror kept out of the document: happy-dom fires selectionchange synchronously, which
 * re-enters a view that a command updates and focuses (see markdown-commands.test.ts).
 */
function DetachedEditor({ value, onChange, onView, handoff }: CodeEditorProps) {
  const [view] = useState(
    () =>
      new EditorView({
        state: EditorState.create({
          doc: handoff?.value ?? value,
          selection: handoff ? { anchor: handoff.anchor, head: handoff.head } : undefined,
          extensions: EditorView.updateListener.of((update) => {
            if (update.docChanged) {
              onChange(update.state.doc.toString());
            }
          }),
        }),
      }),
  );
  useLayoutEffect(() => {
    onView(view);
    return () => {
      onView(null);
      view.destroy();
    };
  }, [view, onView]);
  return <div data-testid="detached-editor" />;
}

type Props = Partial<MarkdownEditorProps> & { initial?: string };

async function setup({ initial = '', ...props }: Props = {}) {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    const change = (next: string) => {
      setValue(next);
      onChange(next);
    };
    return (
      <MarkdownEditor
        format="markdown"
        height="300px"
        label="Content"
        {...props}
        value={value}
        onChange={change}
      />
    );
  }
  const view = await renderWithProviders(<Harness />);
  return { onChange, container: view.container, user: userEvent.setup() };
}

const codeMirror = (container: HTMLElement) =>
  waitFor(() => {
    const content = container.querySelector('.cm-content');
    expect(content).not.toBeNull();
    return content as HTMLElement;
  });

describe('MarkdownEditor', () => {
  it('paints a textarea, focused, and fetches CodeMirror only when the user reaches for it', async () => {
    loads.count = 0;
    const { container, user } = await setup({ initial: '# Draft', autoFocus: true });
    const textarea = screen.getByRole('textbox', { name: 'Content' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveValue('# Draft');
    expect(textarea).toHaveAttribute('placeholder', expect.stringContaining('Write or paste'));
    expect(document.activeElement).toBe(textarea);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.count).toBe(0);
    expect(container.querySelector('.cm-editor')).toBeNull();

    await user.keyboard('!');
    const content = await codeMirror(container);
    expect(loads.count).toBe(1);
    expect(container.querySelector('textarea')).toBeNull();
    expect(content).toHaveAttribute('aria-label', 'Content');
    expect(content.textContent).toBe('# Draft!');
    expect(document.activeElement).toBe(content);
  });

  it('runs a toolbar action on CodeMirror as soon as it is there', async () => {
    loads.stand_in = { CodeEditor: DetachedEditor, runToolbarAction, runKey: () => false };
    const { onChange, user } = await setup({ initial: 'Intro' });
    expect(screen.queryByTestId('detached-editor')).toBeNull();
    // The caret the plain editor had is where the action acts.
    screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Content' }).setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await screen.findByTestId('detached-editor');
    expect(onChange).toHaveBeenLastCalledWith('Intro**text**');
  });

  it('saves and submits from the plain editor without waiting for CodeMirror', async () => {
    const onSave = vi.fn();
    const onSubmit = vi.fn();
    const { user } = await setup({ onSave, onSubmit });
    await user.click(screen.getByRole('textbox', { name: 'Content' }));
    await user.keyboard('{Control>}s{/Control}{Control>}{Enter}{/Control}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('tells the user when the formatting tools cannot be fetched, and keeps the text', async () => {
    loads.fail = true;
    const shown = vi.spyOn(notifications, 'show').mockReturnValue('editor-tools-unavailable');
    const { onChange, user } = await setup({ initial: 'Intro' });
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'red',
        title: 'The formatting tools could not be loaded',
        message: expect.stringContaining('Your text is kept'),
      }),
    );
    const textarea = screen.getByRole('textbox', { name: 'Content' });
    expect(textarea).toHaveValue('Intro');
    await user.type(textarea, '!');
    expect(onChange).toHaveBeenLastCalledWith('Intro!');
  });

  it('fails quietly when nothing was waiting for the tools (a hover, a click in the text)', async () => {
    loads.fail = true;
    const shown = vi.spyOn(notifications, 'show').mockReturnValue('');
    const { user } = await setup({ initial: 'Intro' });
    await user.click(screen.getByRole('textbox', { name: 'Content' }));
    await waitFor(() => expect(loads.count).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown).not.toHaveBeenCalled();
  });

  it('opens a large text straight in CodeMirror, without painting the textarea', async () => {
    loads.count = 0;
    loads.stand_in = { CodeEditor: DetachedEditor, runToolbarAction, runKey: () => false };
    const large = 'x'.repeat(PLAIN_EDITOR_MAX_CHARS + 1);
    const { onChange, user } = await setup({ initial: large });
    expect(screen.queryByRole('textbox', { name: 'Content' })).toBeNull();
    expect(screen.getByLabelText('Opening the editor…')).toBeInTheDocument();
    await screen.findByTestId('detached-editor');
    expect(loads.count).toBe(1);
    // It works as the editor: a toolbar action acts at its caret (the start).
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(onChange).toHaveBeenLastCalledWith(`**text**${large}`);
  });

  it('falls back to the textarea for a large text when CodeMirror cannot be fetched', async () => {
    loads.fail = true;
    const large = 'x'.repeat(PLAIN_EDITOR_MAX_CHARS + 1);
    await setup({ initial: large });
    const textarea = await screen.findByRole('textbox', { name: 'Content' });
    expect(textarea).toHaveValue(large);
  });

  it('hands a text that becomes large (a restored draft) over to CodeMirror by itself', async () => {
    loads.count = 0;
    loads.stand_in = { CodeEditor: DetachedEditor, runToolbarAction, runKey: () => false };
    const large = 'y'.repeat(PLAIN_EDITOR_MAX_CHARS + 1);
    function Restoring() {
      const [value, setValue] = useState('');
      return (
        <>
          <button type="button" onClick={() => setValue(large)}>
            Restore
          </button>
          <MarkdownEditor
            format="markdown"
            height="300px"
            label="Content"
            value={value}
            onChange={setValue}
          />
        </>
      );
    }
    await renderWithProviders(<Restoring />);
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.count).toBe(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restore' }));
    await screen.findByTestId('detached-editor');
    expect(loads.count).toBe(1);
    expect(screen.queryByRole('textbox', { name: 'Content' })).toBeNull();
  });
});
