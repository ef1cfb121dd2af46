import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { NotTextError, useEditableText } from '@/features/mount-explorer/api/get-file-text';
import { useIsPhone } from '@/features/mount-explorer/hooks/use-is-phone';

/** CodeMirror is loaded with the first file opened for editing, never with the listing. */
const EditorSession = lazy(() =>
  import('./EditorSession').then((module) => ({ default: module.EditorSession })),
);

export interface EditTarget {
  path: string;
  name: string;
  /** Not stored yet: the first save creates it. */
  isNew: boolean;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/** The session's own close, which asks first when there are unsaved changes. */
export type CloseRequest = MutableRefObject<(() => void) | null>;

/**
 * The text editor for files up to 10 MB (SPEC §5, §9), full screen on a phone. Closing
 * (the × button, Escape) goes through the session, which asks before unsaved changes are
 * thrown away; a click outside never closes it.
 */
export function EditorModal({
  target,
  onClose,
}: {
  target: EditTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const closeRequest = useRef<(() => void) | null>(null);
  // A new file is "New file: …" only until its first save stores it (issue 30); the
  // target itself stays as opened, so the loader does not go and fetch it.
  const [storedPath, setStoredPath] = useState<string | null>(null);
  const unstored = target !== null && target.isNew && storedPath !== target.path;
  return (
    <Modal
      opened={target !== null}
      onClose={() => (closeRequest.current ?? onClose)()}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      fullScreen={phone}
      size="min(1200px, 100%)"
      padding={phone ? 'sm' : 'md'}
      title={
        target && (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {unstored
              ? t('explorer.editor.newTitle', { name: target.name })
              : t('explorer.editor.title', { name: target.name })}
          </Text>
        )
      }
    >
      {target && (
        <EditorLoader
          key={target.path}
          target={target}
          phone={phone}
          onClose={onClose}
          onStored={() => setStoredPath(target.path)}
          closeRequest={closeRequest}
        />
      )}
    </Modal>
  );
}

function EditorLoader(props: {
  target: EditTarget;
  phone: boolean;
  onClose: () => void;
  onStored: () => void;
  closeRequest: CloseRequest;
}) {
  const { target, phone, onClose, onStored, closeRequest } = props;
  const { t } = useTranslation();
  const text = useEditableText(target.path, !target.isNew);
  if (!target.isNew && text.isPending) {
    return <Loading />;
  }
  if (!target.isNew && text.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" title={t('explorer.editor.loadFailed')}>
          {text.error instanceof NotTextError
            ? t('explorer.editor.notText')
            : errorMessage(t, text.error)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <EditorSession
        target={target}
        initialText={text.data ?? ''}
        phone={phone}
        onClose={onClose}
        onStored={onStored}
        closeRequest={closeRequest}
      />
    </Suspense>
  );
}
