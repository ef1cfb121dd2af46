import { Alert, Loader, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSystemSettings } from '@/features/admin/api/get-system-settings';
import { useUpdateSystemSettings } from '@/features/admin/api/update-system-settings';
import { errorMessage } from '@/lib/error-message';
import { SettingsCard } from './SettingsCard';

/**
 * Settings → Link previews (issue 36): whether the cards chat apps show for a share's link
 * carry what a public share contains. One switch, saved as it is flipped.
 */
export function LinkPreviewCard() {
  const { t } = useTranslation();
  const settings = useSystemSettings();
  const update = useUpdateSystemSettings();

  const change = (on: boolean) =>
    update.mutate(
      { link_preview_snippets: on },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t(on ? 'settings.linkPreviews.on' : 'settings.linkPreviews.off'),
          }),
      },
    );

  const failure = settings.error ?? update.error;
  return (
    <SettingsCard
      title={t('settings.linkPreviews.title')}
      description={t('settings.linkPreviews.description')}
    >
      {settings.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : (
        <Switch
          label={t('settings.linkPreviews.snippets')}
          description={t('settings.linkPreviews.snippetsHint')}
          checked={settings.data?.link_preview_snippets ?? true}
          disabled={settings.isError || update.isPending}
          onChange={(event) => change(event.currentTarget.checked)}
        />
      )}
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(t, failure)}
        </Alert>
      )}
    </SettingsCard>
  );
}
