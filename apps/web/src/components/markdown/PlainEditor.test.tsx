import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainEditor, type PlainEditorHandle, type PlainEditorProps } from './PlainEditor';

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
