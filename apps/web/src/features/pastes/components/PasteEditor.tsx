import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { PasteFormat, PasteView } from '@pastebox/contract/schemas/paste';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownWorkspace } from '@/components/markdown/MarkdownWorkspace';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/error-message';
import { useUpdatePaste } from '@/features/pastes/api/update-paste';

export interface PasteEditorProps {
  paste: PasteView & { id: string };
  onDone: () => void;
}

/** Edit in place for the admin or the creating key: content and format, save or cancel. */
export function PasteEditor({ paste, onDone }: PasteEditorProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [content, setContent] = useState(paste.content ?? '');
  const [format, setFormat] = useState<PasteFormat>(paste.format);
  const update = useUpdatePaste(paste.slug, auth.authType);
  const changed = content !== paste.content || format !== paste.format;

  const save = () => {
    if (content.trim() === '') {
      notifications.show({ color: 'red', message: t('errors.CONTENT_EMPTY') });
      return;
    }
    if (!changed) {
      onDone();
      return;
    }
    update.mutate(
      { id: paste.id, body: { content, format } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('paste.edit.saved') });
          onDone();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('paste.edit.failed'),
            message: errorMessage(t, error),
          }),
      },
    );
  };

  const cancel = () => {
    if (!changed) {
      onDone();
      return;
    }
    modals.openConfirmModal({
      title: t('paste.edit.discardTitle'),
      children: t('paste.edit.discardBody'),
      labels: { confirm: t('paste.edit.discard'), cancel: t('paste.edit.keepEditing') },
      confirmProps: { color: 'red' },
      onConfirm: onDone,
    });
  };

  return (
    <Stack gap="md">
      <SegmentedControl
        size="xs"
        w="fit-content"
        value={format}
        onChange={(value) => setFormat(value === 'text' ? 'text' : 'markdown')}
        data={[
          { value: 'markdown', label: t('paste.meta.markdown') },
          { value: 'text', label: t('paste.meta.text') },
        ]}
        aria-label={t('paste.edit.format')}
      />
      <MarkdownWorkspace
        value={content}
        onChange={setContent}
        format={format}
        onSubmit={save}
        onSave={save}
        autoFocus
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={cancel} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={save}
          loading={update.isPending}
        >
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
