import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  NUMBERED_LINES,
  PlainEditor,
  type PlainEditorHandle,
  type PlainEditorProps,
} from './PlainEditor';

type HarnessProps = Omit<PlainEditorProps, 'value' | 'onChange'> & { initial: string };

/** The plain editor, controlled as MarkdownEditor's parent holds it. */
function Harness({ initial, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return <PlainEditor {...props} value={value} onChange={setValue} />;
}

function setup(initial = '', overrides: Partial<HarnessProps> = {}) {
  const onWake = vi.fn();
  const onDeferredKey = vi.fn();
  const ref = createRef<PlainEditorHandle>();
  render(
    <Harness
      initial={initial}
      height="300px"
      label="Content"
      placeholder="Write here"
      onWake={onWake}
      onDeferredKey={onDeferredKey}
      ref={ref}
      {...overrides}
    />,
  );
  const textarea = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Content' });
  return { textarea, onWake, onDeferredKey, ref, user: userEvent.setup() };
}

describe('PlainEditor', () => {
  it('is a labelled textarea with the text, the placeholder and a line number per line', () => {
    const { textarea } = setup('# Draft\n\nwords');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.value).toBe('# Draft\n\nwords');
    expect(textarea.placeholder).toBe('Write here');
    expect(textarea.getAttribute('spellcheck')).toBe('false');
    const numbers = document.querySelectorAll('[aria-hidden="true"] > div');
    expect([...numbers].filter((_, index) => index % 2 === 0).map((n) => n.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('numbers the first lines one by one and lays out the rest of a long text as one block', () => {
    const lines = Array.from({ length: NUMBERED_LINES + 500 }, (_, index) => `line ${index + 1}`);
    const { textarea } = setup(`${lines.join('\n')}\n`);
    expect(textarea.value.split('\n')).toHaveLength(NUMBERED_LINES + 501);
    const rows = [...document.querySelectorAll('[aria-hidden="true"] > div')];
    // A number and a line for each numbered line, then the block: far fewer elements.
    expect(rows).toHaveLength(2 * NUMBERED_LINES + 1);
    expect(rows.at(-3)?.textContent).toBe(String(NUMBERED_LINES));
    const block = rows.at(-1)?.textContent ?? '';
    expect(block.startsWith(`line ${NUMBERED_LINES + 1}\n`)).toBe(true);
    // The text's last line is empty: it gets a zero-width space, so the block draws it.
    expect(block.endsWith(`line ${NUMBERED_LINES + 500}\n\u200b`)).toBe(true);
  });

  it('takes focus by itself without waking CodeMirror; the user reaching for it wakes it', async () => {
    const { textarea, onWake, user } = setup('', { autoFocus: true });
    expect(document.activeElement).toBe(textarea);
    expect(onWake).not.toHaveBeenCalled();

    await user.keyboard('a');
    expect(onWake).toHaveBeenCalled();
    expect(textarea.value).toBe('a');
  });

  it('leaves Tab and Mod-F to CodeMirror, and Tab after Escape to the browser', async () => {
    const { textarea, onDeferredKey, user } = setup();
    await user.click(textarea);
    await user.keyboard('{Tab}');
    expect(onDeferredKey).toHaveBeenLastCalledWith(expect.objectContaining({ key: 'Tab' }));
    expect(document.activeElement).toBe(textarea);

    expect(fireEvent.keyDown(textarea, { key: 'f', ctrlKey: true })).toBe(false);
    expect(onDeferredKey).toHaveBeenLastCalledWith(
      expect.objectContaining({ key: 'f', ctrlKey: true }),
    );

    onDeferredKey.mockClear();
    fireEvent.keyDown(textarea, { key: 'Escape' });
    expect(fireEvent.keyDown(textarea, { key: 'Tab' })).toBe(true);
    expect(onDeferredKey).not.toHaveBeenCalled();
  });

  it('hands over the text, the selection and what was typed since the last outside text', async () => {
    const { textarea, ref, user } = setup('# Draft');
    await user.click(textarea);
    await user.keyboard('{Control>}{End}{/Control} more');
    textarea.setSelectionRange(2, 7, 'backward');

    const handoff = ref.current?.snapshot();
    expect(handoff).toMatchObject({
      baseline: '# Draft',
      value: '# Draft more',
      anchor: 7,
      head: 2,
      focused: true,
    });
  });

  it('waits for a press to end before anything is swapped', () => {
    const { textarea, ref } = setup();
    const swap = vi.fn();
    fireEvent.pointerDown(textarea);
    ref.current?.whenSettled(swap);
    expect(swap).not.toHaveBeenCalled();
    fireEvent.pointerUp(window);
    expect(swap).toHaveBeenCalledTimes(1);
  });
});
