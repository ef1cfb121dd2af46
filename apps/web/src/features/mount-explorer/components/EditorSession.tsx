import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { LIMITS } from '@pastebox/contract/limits';
import { utf8ByteLength } from '@pastebox/contract/rules/file-name';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { MarkdownEditor } from '@/components/markdown/MarkdownEditor';
import { previewKindOf } from '@/components/preview/preview-kind';
import { errorMessage } from '@/lib/error-message';
import { formatBytes } from '@/lib/uploader/format';
import { useSaveTextFile } from '@/features/mount-explorer/api/save-text-file';
import { MUTED_TEXT } from '@/lib/entry-colors';
import type { CloseRequest, EditTarget } from './EditorModal';

interface EditorSessionProps {
  target: EditTarget;
  initialText: string;
  phone: boolean;
  onClose: () => void;
  /** After each successful save: the file exists now, even if it was opened as new. */
  onStored: () => void;
  /** Set to this session's close, for the modal's × button and Escape. */
  closeRequest: CloseRequest;
}

/**
 * One file open in CodeMirror: save (button or Ctrl/Cmd+S) through fs/update, and a
 * question before unsaved changes are lost — closing, navigating in the app, or leaving
 * the page.
 */
export function EditorSession(props: EditorSessionProps) {
  const { target, initialText, phone, onClose, onStored, closeRequest } = props;
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const [savedText, setSavedText] = useState<string | null>(target.isNew ? null : initialText);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveTextFile();
  // A new file is not stored until its first save, which may well be empty.
  const unstored = savedText === null;
  const dirty = unstored ? text !== '' : text !== savedText;
  const limit = formatBytes(LIMITS.editableFileBytes);

  const blocker = useBlocker(dirty);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      return;
    }
    confirmDiscard(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
    // Only a new block asks again; the callbacks are the blocker's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);
  useEffect(() => {
    if (!dirty) {
      return;
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function confirmDiscard(onDiscard: () => void, onKeep: () => void = () => undefined) {
    modals.openConfirmModal({
      title: t('explorer.editor.discardTitle'),
      children: <Text size="sm">{t('explorer.editor.discardBody', { name: target.name })}</Text>,
      labels: { confirm: t('explorer.editor.discard'), cancel: t('explorer.editor.keepEditing') },
      confirmProps: { color: 'red' },
      onConfirm: onDiscard,
      onCancel: onKeep,
    });
  }

  const requestClose = () => (dirty ? confirmDiscard(onClose) : onClose());
  useEffect(() => {
    closeRequest.current = requestClose;
    return () => {
      closeRequest.current = null;
    };
  });

  const submit = () => {
    if (save.isPending) {
      return;
    }
    const content = text;
    if (utf8ByteLength(content) > LIMITS.editableFileBytes) {
      setProblem(t('explorer.editor.tooLarge', { size: limit }));
      return;
    }
    setProblem(null);
    save.mutate(
      { path: target.path, content },
      {
        onSuccess: () => {
          setSavedText(content);
          onStored();
          notifications.show({
            color: 'green',
            message: t('explorer.editor.saved', { name: target.name }),
          });
        },
        onError: (error) => setProblem(errorMessage(t, error)),
      },
    );
  };

  const markdown = previewKindOf(target.name, '') === 'markdown';
  return (
    <Stack gap="sm">
      {problem && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('explorer.editor.saveFailed', { name: target.name })}
        >
          {problem}
        </Alert>
      )}
      <div
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
        }}
      >
        <MarkdownEditor
          value={text}
          onChange={setText}
          onSave={submit}
          format={markdown ? 'markdown' : 'text'}
          height={phone ? 'calc(100dvh - 210px)' : 'calc(100dvh - 300px)'}
          label={t('explorer.editor.label', { name: target.name })}
          placeholder={t('explorer.editor.placeholder')}
          autoFocus
        />
      </div>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {dirty && (
            <Badge color="orange" variant="light">
              {t('explorer.editor.unsaved')}
            </Badge>
          )}
          {!phone && (
            <Text size="xs" c={MUTED_TEXT}>
              {t('explorer.editor.limit', { size: limit })}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={requestClose}>
            {t('common.close')}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending}
            disabled={!dirty && !unstored}
            onClick={submit}
          >
            {t('explorer.editor.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
