import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

export type EditorFormat = 'markdown' | 'text';

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  format: EditorFormat;
  /** Ctrl/Cmd+Enter. */
  onSubmit?: () => void;
  /** Ctrl/Cmd+S. */
  onSave?: () => void;
  /** CSS height of the editing area, e.g. "520px". */
  height: string;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
}

/**
 * CodeMirror is a chunk of its own, so the pages that hold an editor (home, a paste's
 * owner edit, the explorer) paint their frame first, and the service worker's app shell
 * (which a paste reader downloads too) stays without it (DESIGN §9).
 */
const CodeEditor = lazy(() => import('./CodeEditor').then((m) => ({ default: m.CodeEditor })));

/** The formatting toolbar over a Markdown editor: 28 px buttons, 4 px padding, a divider. */
const TOOLBAR_HEIGHT = '37px';

/**
 * The Markdown / plain-text editor (see CodeEditor); until it is there, a loader taking its
 * place at its size, so nothing moves when it arrives.
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const { format, height } = props;
  const reserved = format === 'markdown' ? `calc(${height} + ${TOOLBAR_HEIGHT})` : height;
  return (
    <Suspense
      fallback={
        <Center h={reserved} aria-busy="true">
          <Loader size="sm" />
        </Center>
      }
    >
      <CodeEditor {...props} />
    </Suspense>
  );
}
