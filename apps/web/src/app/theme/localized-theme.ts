import { mergeThemeOverrides, type MantineThemeOverride } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import toastClasses from './Toast.module.css';
import { theme } from './theme';

/**
 * The theme with what only the language knows: every toast's and dialog's close button is
 * named ("Close" / "关闭") once here, instead of at each of the seventy calls that open
 * one (axe: buttons must have discernible text).
 */
export function useLocalizedTheme(): MantineThemeOverride {
  const { t } = useTranslation();
  const close = t('common.close');
  return useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Notification: {
            classNames: { description: toastClasses.description },
            defaultProps: { closeButtonProps: { 'aria-label': close } },
          },
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        },
      }),
    [close],
  );
}
