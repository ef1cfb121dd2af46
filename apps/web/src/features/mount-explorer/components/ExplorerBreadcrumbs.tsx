import { Anchor, Breadcrumbs, ScrollArea, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LINK_TEXT } from '@/lib/entry-colors';
import { crumbsOf, explorerUrl } from '@/features/mount-explorer/lib/explorer-paths';

/** All mounts › team › docs: every crumb a link, the folder on screen marked current. */
export function ExplorerBreadcrumbs({ folder, base }: { folder: string; base: string }) {
  const { t } = useTranslation();
  const crumbs = crumbsOf(folder, base, t('explorer.root'));
  return (
    <nav aria-label={t('explorer.breadcrumbs')}>
      <ScrollArea type="never" offsetScrollbars={false}>
        <Breadcrumbs
          separator={<IconChevronRight size={14} aria-hidden />}
          separatorMargin={6}
          style={{ flexWrap: 'nowrap', whiteSpace: 'nowrap' }}
        >
          {crumbs.map((crumb) =>
            crumb.path === folder ? (
              <Text key={crumb.path} fw={600} aria-current="page">
                {crumb.label}
              </Text>
            ) : (
              <Anchor key={crumb.path} component={Link} to={explorerUrl(crumb.path)} c={LINK_TEXT}>
                {crumb.label}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      </ScrollArea>
    </nav>
  );
}
