import { Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { BundleSummary } from '@pastebox/contract/schemas/bundle';
import { useTranslation } from 'react-i18next';
import { CardFooter, CardUsage } from '@/features/admin/components/shared/ItemFrames';
import { DateText } from '@/features/admin/components/DateText';
import { useCreatorName } from '@/features/admin/hooks/use-creator-name';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { BundleActions, type BundleActionHandlers } from './BundleActions';
import { BundleExpiry, BundleSlug, BundleTitle, bundleViews } from './BundleParts';

interface ItemProps extends BundleActionHandlers {
  bundle: BundleSummary;
}

/** One bundle as a table row (wide screens). */
function BundleRow({ bundle, ...actions }: ItemProps) {
  const creator = useCreatorName(bundle.created_by);
  return (
    <Table.Tr>
      <Table.Td maw={260}>
        <BundleTitle bundle={bundle} />
      </Table.Td>
      <Table.Td maw={180}>
        <BundleSlug bundle={bundle} />
      </Table.Td>
      <Table.Td>
        <BundleExpiry bundle={bundle} compact />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {bundleViews(bundle)}
        </Text>
      </Table.Td>
      <Table.Td maw={160}>
        <DateText iso={bundle.created_at} />
        <Text size="xs" c="dimmed" truncate title={creator}>
          {creator}
        </Text>
      </Table.Td>
      <Table.Td>
        <BundleActions bundle={bundle} {...actions} />
      </Table.Td>
    </Table.Tr>
  );
}

/** One bundle on a phone: the columns stacked so nothing scrolls out of reach. */
function BundleCard({ bundle, ...actions }: ItemProps) {
  const { t } = useTranslation();
  const creator = useCreatorName(bundle.created_by);
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap={6}>
        <BundleTitle bundle={bundle} />
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <BundleSlug bundle={bundle} />
        </Group>
        <CardUsage
          expiry={<BundleExpiry bundle={bundle} />}
          views={`${t('bundles.columns.views')} ${bundleViews(bundle)}`}
        />
        <CardFooter
          createdAt={bundle.created_at}
          creator={creator}
          actions={<BundleActions bundle={bundle} {...actions} />}
        />
      </Stack>
    </Paper>
  );
}

/** The loaded bundles: a table, or cards on phones. */
export function BundlesList({
  items,
  ...actions
}: BundleActionHandlers & { items: BundleSummary[] }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((bundle) => (
          <BundleCard key={bundle.id} bundle={bundle} {...actions} />
        ))}
      </Stack>
    );
  }
  return (
    <ScrollArea type="auto">
      <Table verticalSpacing="sm" highlightOnHover miw={860}>
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('bundles.columns.title')}</Table.Th>
            <Table.Th>{t('bundles.columns.slug')}</Table.Th>
            <Table.Th>{t('bundles.columns.expiresAt')}</Table.Th>
            <Table.Th>{t('bundles.columns.views')}</Table.Th>
            <Table.Th>{t('bundles.columns.createdBy')}</Table.Th>
            <Table.Th ta="right" w={170}>
              {t('common.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((bundle) => (
            <BundleRow key={bundle.id} bundle={bundle} {...actions} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
