/** Saves a Blob under `fileName` through a temporary object URL. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download asynchronously: give them a moment before revoking.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
