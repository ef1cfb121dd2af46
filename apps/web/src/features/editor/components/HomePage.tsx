import { Paper, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { PasteDetail, PasteFormat } from '@pastebox/contract/schemas/paste';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownWorkspace } from '@/components/markdown/MarkdownWorkspace';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreatePaste } from '@/features/editor/api/create-paste';
import { useMarkdownDraft } from '@/features/editor/hooks/use-markdown-draft';
import { toCreatePasteBody, type ShareOptions } from '@/features/editor/lib/share-options';
import { AuthNotice, useCanCreateText } from './AuthNotice';
import { DraftOffer } from './DraftOffer';
import { EditorBar } from './EditorBar';
import { ShareOptionsForm } from './ShareOptionsForm';
import { ShareResultPanel } from './ShareResultPanel';

const SLUG_ERRORS = new Set(['SLUG_TAKEN', 'SLUG_INVALID', 'SLUG_RESERVED']);

/**
 * The body to POST, and the link's fragment: with "End-to-end encrypt" on, the text is
 * sealed here first and only the blob leaves the browser (issue 35).
 */
async function bodyToSend(content: string, format: PasteFormat, options: ShareOptions) {
  const body = toCreatePasteBody(content, format, options, new Date());
  if (!options.encryption) {
    return { body, fragment: '' };
  }
  // Fetched only when asked for: the home page's first load stays within its budget.
  const { sealText } = await import('@/features/editor/lib/encrypt');
  const sealed = await sealText(content, options.encryption.password);
  return { body: { ...body, content: sealed.content, encrypted: true }, fragment: sealed.fragment };
}

/** Route `/`: write Markdown or plain text and share it by link (SPEC §2, issue 2 "Home"). */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.home'));
  const canCreate = useCanCreateText();
  const [content, setContent] = useState('');
  const [format, setFormat] = useState<PasteFormat>('markdown');
  const [created, setCreated] = useState<{ paste: PasteDetail; fragment: string } | null>(null);
  const [slugError, setSlugError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const draft = useMarkdownDraft(content);
  const createPaste = useCreatePaste();

  const submit = () => formRef.current?.requestSubmit();
  const saveDraft = () => {
    const saved = draft.saveNow();
    notifications.show({
      color: saved ? 'teal' : 'gray',
      message: saved ? t('editor.draft.saved') : t('editor.draft.nothingToSave'),
      autoClose: 2000,
    });
  };
  // Outside the editor, which has its own bindings. useHotkeys cancels the key's default
  // action, so Ctrl+Enter in a form field cannot also submit the form natively.
  useHotkeys(
    [
      ['mod+Enter', submit],
      ['mod+S', () => !created && saveDraft()],
    ],
    [],
  );

  const create = (options: ShareOptions) => {
    if (content.trim() === '') {
      notifications.show({ color: 'red', message: t('errors.CONTENT_EMPTY') });
      return;
    }
    setSlugError(null);
    void bodyToSend(content, format, options).then(({ body, fragment }) =>
      createPaste.mutate(body, {
        onSuccess: (paste) => {
          draft.clear();
          setCreated({ paste, fragment });
        },
        onError: (error) => {
          const message = errorMessage(t, error);
          if (error instanceof AppError && error.key && SLUG_ERRORS.has(error.key)) {
            setSlugError(message);
          }
          notifications.show({ color: 'red', title: t('editor.createFailed'), message });
        },
      }),
    );
  };

  const startOver = () => {
    setCreated(null);
    setContent('');
    setSlugError(null);
    setFormKey((key) => key + 1);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('titles.home')}</Title>
        <Text c="dimmed" size="sm">
          {t('editor.subtitle')}
        </Text>
      </div>
      <AuthNotice />
      {created ? (
        <ShareResultPanel
          paste={created.paste}
          fragment={created.fragment}
          onCreateAnother={startOver}
        />
      ) : (
        <>
          {draft.offer && (
            <DraftOffer
              savedAt={draft.offer.savedAt}
              onRestore={() => setContent(draft.restore() ?? content)}
              onDiscard={draft.discard}
            />
          )}
          <EditorBar
            content={content}
            format={format}
            onFormatChange={setFormat}
            onImport={(text, importedFormat) => {
              setContent(text);
              setFormat(importedFormat);
            }}
            lastSavedAt={draft.lastSavedAt}
            getPreview={() => previewRef.current}
          />
          <MarkdownWorkspace
            value={content}
            onChange={setContent}
            format={format}
            onSubmit={submit}
            onSave={saveDraft}
            previewRef={previewRef}
            autoFocus
          />
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Title order={4} mb="md">
              {t('editor.options.title')}
            </Title>
            <ShareOptionsForm
              key={formKey}
              formRef={formRef}
              onSubmit={create}
              submitting={createPaste.isPending}
              disabled={!canCreate}
              slugError={slugError}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
