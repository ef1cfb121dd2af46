import { useRef, type ChangeEvent, type ReactNode } from 'react';

/** Marks an input as a folder chooser; React knows no `webkitdirectory` prop. */
function asFolderInput(node: HTMLInputElement | null): void {
  node?.setAttribute('webkitdirectory', '');
  node?.setAttribute('directory', '');
}

export interface FileChooserNames {
  /** The accessible names of the two hidden inputs. */
  files: string;
  folder: string;
  /** Their test ids: `${testId}-files` and `${testId}-folder`. */
  testId: string;
}

/**
 * The browser's two choosers behind "choose files" and "choose a folder" buttons: hidden
 * inputs the buttons open. `onChosen` gets what was chosen (a folder's files carry their
 * `webkitRelativePath`); the input is cleared, so choosing the same files again fires again.
 */
export function useFileChoosers(
  onChosen: (files: File[]) => void,
  names: FileChooserNames,
): { openFiles: () => void; openFolder: () => void; choosers: ReactNode } {
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    // Copied before the input is cleared, which empties its list.
    const chosen = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    if (chosen.length > 0) {
      onChosen(chosen);
    }
  };

  const choosers = (
    <>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-label={names.files}
        data-testid={`${names.testId}-files`}
        onChange={onChange}
      />
      <input
        ref={(node) => {
          asFolderInput(node);
          folderInput.current = node;
        }}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-label={names.folder}
        data-testid={`${names.testId}-folder`}
        onChange={onChange}
      />
    </>
  );
  return {
    openFiles: () => filesInput.current?.click(),
    openFolder: () => folderInput.current?.click(),
    choosers,
  };
}
