import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Cancel and save (or `saveLabel`) at the foot of a form. */
export function FormButtons({
  onCancel,
  saving,
  saveLabel,
}: {
  onCancel: () => void;
  saving: boolean;
  saveLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
