import { Grid, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The dashboard's shape while its numbers load. */
export function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={104} radius="md" />
        ))}
      </SimpleGrid>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={340} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={340} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
