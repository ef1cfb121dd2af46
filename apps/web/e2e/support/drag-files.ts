import type { Page } from 'playwright-core';

/**
 * A drag of `files` onto the explorer's listing, as the browser fires it (Playwright has no
 * drag of files from outside the page); `drop: false` only hovers.
 */
export async function dragFiles(page: Page, files: { name: string; text: string }[], drop = true) {
  await page.evaluate(
    ({ files: list, drop: release }) => {
      const data = new DataTransfer();
      for (const file of list) {
        data.items.add(new File([file.text], file.name, { type: 'text/plain' }));
      }
      const zone = document.querySelector('[data-testid="explorer-drop-zone"]');
      if (!zone) {
        throw new Error('no drop zone');
      }
      const fire = (type: string) =>
        zone.dispatchEvent(
          new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }),
        );
      fire('dragenter');
      fire('dragover');
      if (release) {
        fire('drop');
      }
    },
    { files, drop },
  );
}
