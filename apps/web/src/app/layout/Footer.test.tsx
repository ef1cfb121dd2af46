import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Footer } from './Footer';

describe('the footer', () => {
  for (const [language, copyright, tagline] of [
    ['en-US', 'Pastebox. All rights reserved.', 'Self-hosted clipboard and file sharing'],
    ['zh-CN', 'Pastebox 保留所有权利。', '自托管的剪贴板与文件分享'],
  ] as const) {
    it(`says who and what in ${language}, with no separator left to stand alone`, async () => {
      await renderWithProviders(<Footer />, { language });
      const footer = screen.getByRole('contentinfo');
      const items = [...footer.children].map((item) => item.textContent ?? '');
      expect(items).toEqual([`© ${new Date().getFullYear()} ${copyright}`, tagline]);
      // Issue 30: " · " printed on its own (a wrapped line, a hidden tagline).
      expect(footer.textContent).not.toContain('·');
    });
  }
});
