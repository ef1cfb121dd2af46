import { useWindowEvent } from '@mantine/hooks';

/** Browsers name every pasted screenshot "image.png": give each its own name. */
function namePasted(file: File, index: number): File {
  if (file.name && file.name !== 'image.png') {
    return file;
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const extension = file.type.split('/')[1]?.replace(/\W.*$/, '') || 'bin';
  const suffix = index > 0 ? `-${index + 1}` : '';
  return new File([file], `pasted-${stamp}${suffix}.${extension}`, {
    type: file.type,
    lastModified: file.lastModified,
  });
}

/**
 * Files pasted anywhere on the page (Ctrl/⌘+V). A paste without files — text into an
 * input — is left alone.
 */
export function useClipboardFiles(onFiles: (files: File[]) => void, enabled = true): void {
  useWindowEvent('paste', (event: ClipboardEvent) => {
    const files = Array.from(event.clipboardData?.files ?? []);
    if (!enabled || files.length === 0) {
      return;
    }
    event.preventDefault();
    onFiles(files.map(namePasted));
  });
}
