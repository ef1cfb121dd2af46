import {
  Fragment,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { lineIndexAt, type Handoff } from './editor-handoff';
import { createInputSettler } from './input-settler';
import classes from './PlainEditor.module.css';

export interface PlainEditorHandle {
  /** The text, selection, focus and scroll position, for CodeMirror to take over. */
  snapshot(): Handoff | null;
  /** Runs `then` once no press or IME composition is under way (input-settler.ts). */
  whenSettled(then: () => void): void;
}

/** A key the editor binds (indentation, search) that the textarea would take otherwise. */
export type DeferredKey = Pick<
  KeyboardEventInit,
  'key' | 'code' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'
>;

export interface PlainEditorProps {
  value: string;
  onChange: (value: string) => void;
  height: string;
  label: string;
  placeholder: string;
  autoFocus?: boolean;
  /** The user reached for the editor (focus, a press, a key): time to bring CodeMirror in. */
  onWake: () => void;
  /** Keys for CodeMirror to run once it is there; without it the textarea keeps every key. */
  onDeferredKey?: (key: DeferredKey) => void;
  ref?: Ref<PlainEditorHandle>;
}

/**
 * Lines drawn one by one, each with its number and the active line's band; the text past
 * them is one block (no numbers until CodeMirror, which draws only the lines in view, takes
 * over). Two elements a line made a 50,000-line file (a log opened in the explorer, a big
 * paste being edited) take 4 s to paint; 10 MB would be 400,000 elements.
 */
export const NUMBERED_LINES = 1000;

/** How long after Escape a Tab leaves the editor instead of indenting (CodeMirror's 2 s). */
const TAB_ESCAPE_MS = 2000;
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta']);

/**
 * The editor as the first page paints it: a textarea that looks like the CodeMirror editor
 * (line numbers, active line, colours, wrapping: PlainEditor.module.css) and takes text
 * right away. MarkdownEditor swaps CodeMirror in when the user first reaches for it.
 */
export function PlainEditor(props: PlainEditorProps) {
  const { value, onChange, height, label, placeholder, autoFocus, onWake, onDeferredKey, ref } =
    props;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [settler] = useState(createInputSettler);
  const [head, setHead] = useState(0);
  // The last text from outside (not typed here), and the last one this editor emitted.
  const baseline = useRef(value);
  const emitted = useRef(value);
  const focusingItself = useRef(false);
  const focusOnMount = useRef(autoFocus);
  const tabLeavesUntil = useRef(0);

  useEffect(() => {
    if (value !== emitted.current) {
      baseline.current = value;
      emitted.current = value;
    }
  }, [value]);

  // Like CodeMirror's autofocus: the keyboard is here, and nothing is fetched for it yet.
  useEffect(() => {
    const textarea = textareaRef.current;
    if (focusOnMount.current && textarea) {
      focusingItself.current = true;
      textarea.focus({ preventScroll: true });
      focusingItself.current = false;
    }
  }, []);

  useEffect(() => () => settler.dispose(), [settler]);

  useImperativeHandle(
    ref,
    () => ({
      snapshot: () => {
        const textarea = textareaRef.current;
        const scroller = scrollerRef.current;
        return textarea && scroller ? snapshotOf(textarea, scroller, baseline.current) : null;
      },
      whenSettled: (then) => settler.whenSettled(then),
    }),
    [settler],
  );

  const change = (event: ChangeEvent<HTMLTextAreaElement>) => {
    emitted.current = event.target.value;
    onChange(event.target.value);
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onWake();
    if (!onDeferredKey || event.nativeEvent.isComposing) {
      return;
    }
    const mod = event.ctrlKey || event.metaKey;
    const tab = event.key === 'Tab' && !mod && !event.altKey;
    if (event.key === 'Escape') {
      tabLeavesUntil.current = Date.now() + TAB_ESCAPE_MS;
      return;
    }
    if (tab && Date.now() <= tabLeavesUntil.current) {
      return;
    }
    if (!MODIFIERS.has(event.key)) {
      tabLeavesUntil.current = 0;
    }
    const search = mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'f';
    if (tab || search) {
      event.preventDefault();
      const { key, code, shiftKey, ctrlKey, metaKey, altKey } = event;
      onDeferredKey({ key, code, shiftKey, ctrlKey, metaKey, altKey });
    }
  };

  const allLines = value === '' ? [placeholder] : value.split('\n');
  const lines = allLines.slice(0, NUMBERED_LINES);
  const rest = allLines.length > NUMBERED_LINES ? allLines.slice(NUMBERED_LINES) : null;
  const active = Math.min(lineIndexAt(value, head), allLines.length - 1);
  return (
    // pb-editor: a stable name for the plain editor, as CodeMirror's is .cm-editor.
    <div ref={scrollerRef} className={`pb-editor ${classes.scroller}`} style={{ height }}>
      <div className={classes.sheet}>
        <div className={classes.gutterBorder} aria-hidden="true" />
        <div className={classes.rows} aria-hidden="true">
          {lines.map((line, index) => (
            <Fragment key={index}>
              <div
                className={
                  index === active ? `${classes.number} ${classes.activeNumber}` : classes.number
                }
              >
                {index + 1}
              </div>
              <div
                className={
                  index === active ? `${classes.line} ${classes.activeLine}` : classes.line
                }
              >
                {line === '' ? '\u200b' : line}
              </div>
            </Fragment>
          ))}
          {rest && <div className={classes.line}>{asBlock(rest)}</div>}
        </div>
        <textarea
          ref={textareaRef}
          className={classes.textarea}
          value={value}
          onChange={change}
          aria-label={label}
          placeholder={placeholder}
          spellCheck={false}
          autoCorrect="off"
          autoCapitalize="off"
          autoComplete="off"
          translate="no"
          onFocus={() => {
            if (!focusingItself.current) {
              onWake();
            }
          }}
          onPointerDown={() => {
            settler.press();
            onWake();
          }}
          onKeyDown={keyDown}
          onSelect={(event) => setHead(headOf(event.currentTarget))}
          onCompositionStart={() => settler.compose(true)}
          onCompositionEnd={() => settler.compose(false)}
        />
      </div>
    </div>
  );
}

/**
 * Lines as one wrapped block, as the textarea lays them out: an empty last line is given a
 * zero-width space, since a block ending in a line break draws no line after it.
 */
function asBlock(lines: string[]): string {
  const text = lines.join('\n');
  return text.endsWith('\n') || text === '' ? `${text}\u200b` : text;
}

function headOf(textarea: HTMLTextAreaElement): number {
  return textarea.selectionDirection === 'backward'
    ? textarea.selectionStart
    : textarea.selectionEnd;
}

function snapshotOf(
  textarea: HTMLTextAreaElement,
  scroller: HTMLElement,
  baseline: string,
): Handoff {
  const { value, selectionStart, selectionEnd, selectionDirection } = textarea;
  const backward = selectionDirection === 'backward';
  return {
    baseline,
    value,
    anchor: backward ? selectionEnd : selectionStart,
    head: backward ? selectionStart : selectionEnd,
    focused: textarea.ownerDocument.activeElement === textarea,
    scroll: topLineOf(scroller, value),
  };
}

/** The first line (its start in the text) whose row reaches into the scrolled area. */
function topLineOf(scroller: HTMLElement, value: string): Handoff['scroll'] {
  const top = scroller.scrollTop;
  const rows = scroller.querySelectorAll<HTMLElement>(`.${classes.line}`);
  const lengths = value.split('\n').map((line) => line.length);
  let lineStart = 0;
  for (const [index, row] of Array.from(rows).entries()) {
    if (row.offsetTop + row.offsetHeight > top) {
      return { top, lineStart, lineOffset: row.offsetTop - top };
    }
    lineStart += (lengths[index] ?? 0) + 1;
  }
  return { top, lineStart: 0, lineOffset: 0 };
}
