/**
 * Secondary text that still meets WCAG AA (4.5:1) in both schemes: Mantine's "dimmed"
 * (gray-6 on white, about 3.3:1) does not, and sizes, dates and hints are real content.
 */
export const MUTED_TEXT = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';

/** Links on the page's background, AA in both schemes (the default blue-6 is 3.6:1). */
export const LINK_TEXT = 'light-dark(var(--mantine-color-blue-8), var(--mantine-color-blue-4))';
