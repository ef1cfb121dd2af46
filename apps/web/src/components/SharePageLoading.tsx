import { Divider, Paper, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A share page while its share loads (a paste, a file, a bundle, a request): the card of
 * the page to come, its heading and subtitle as skeletons of the given widths, then the
 * skeleton of its body under a divider.
 */
export function SharePageLoading({
  heading,
  subtitle,
  children,
}: {
  heading: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" aria-busy="true" aria-label={t('common.loading')}>
      <Stack gap="sm">
        <Skeleton height={28} width={heading} />
        <Skeleton height={14} width={subtitle} />
        <Divider my="sm" />
        {children}
      </Stack>
    </Paper>
  );
}
