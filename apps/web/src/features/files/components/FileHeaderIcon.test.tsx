import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FileHeaderIcon } from './FileHeaderIcon';

const PREVIEW = '/api/file-view/visit-token';

describe('FileHeaderIcon', () => {
  it("shows an image share's thumbnail from the visit's preview URL", async () => {
    await renderWithProviders(
      <FileHeaderIcon filename="cat.png" mimetype="image/png" previewUrl={PREVIEW} />,
    );

    const thumbnail = screen.getByRole('img', { name: 'Preview of cat.png' });
    expect(thumbnail.getAttribute('src')).toMatch(/\/api\/file-view\/visit-token$/);
  });

  it('keeps the file icon for other files, and for SVG (never drawn inline)', async () => {
    await renderWithProviders(
      <>
        <FileHeaderIcon filename="notes.pdf" mimetype="application/pdf" previewUrl={PREVIEW} />
        <FileHeaderIcon filename="logo.svg" mimetype="image/svg+xml" previewUrl={PREVIEW} />
      </>,
    );

    expect(screen.queryByRole('img')).toBeNull();
  });
});
