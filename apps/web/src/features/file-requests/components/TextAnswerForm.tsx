import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { RequestReceipt } from '@pastebox/contract/schemas/file-request';
import { LIMITS } from '@pastebox/contract/limits';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import {
  requestTransport,
  type RequestUploadTarget,
} from '@/features/file-requests/lib/request-transport';

/** Bytes of a text as the server counts them (UTF-8). */
function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * A text request's answer ("send me the API token"): one text, stored as a paste only the
 * owner can read. Refused before sending when empty or over the paste size.
 */
export function TextAnswerForm({
  target,
  onSent,
}: {
  target: RequestUploadTarget;
  onSent: (receipt: RequestReceipt) => void;
}) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (text: string) => requestTransport.sendText(target, text),
    onSuccess: onSent,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === '') {
      setProblem(t('fileRequests.public.text.required'));
      return;
    }
    if (utf8Bytes(content) > LIMITS.pasteMaxBytes) {
      setProblem(t('fileRequests.public.text.tooLong'));
      return;
    }
    send.mutate(content);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('fileRequests.public.text.formLabel')}>
      <Stack gap="sm">
        <Textarea
          label={t('fileRequests.public.text.label')}
          description={t('fileRequests.public.text.hint')}
          autosize
          minRows={6}
          maxRows={16}
          value={content}
          error={problem}
          spellCheck={false}
          onChange={(event) => {
            setContent(event.currentTarget.value);
            setProblem(null);
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {send.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(t, send.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} />}>
            {t('fileRequests.public.text.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
