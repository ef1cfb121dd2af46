import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { AddedPasskey } from '@pastebox/contract/schemas/two-factors';
import { IconAlertCircle, IconFingerprint } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addPasskey } from '@/lib/two-factor-enrolment';
import { passkeyErrorMessage } from './ceremony-message';

interface AddPasskeyFormProps {
  /** The enrolment step's token when this runs at sign-in, instead of a session. */
  challenge?: string;
  onAdded: (added: AddedPasskey) => void;
  onCancel: () => void;
  onError?: (error: unknown) => void;
}

/** Names a new passkey, then runs the browser's ceremony and hands its answer over. */
export function AddPasskeyForm({ challenge, onAdded, onCancel, onError }: AddPasskeyFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => t('twoFactors.passkey.defaultName'));
  const [nameMissing, setNameMissing] = useState(false);
  const add = useMutation({
    mutationFn: (chosen: string) => addPasskey(chosen, challenge),
    onSuccess: onAdded,
    ...(onError ? { onError } : {}),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = name.trim();
    setNameMissing(!chosen);
    if (chosen) {
      add.mutate(chosen);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('twoFactors.passkey.formLabel')}>
      <Stack gap="md">
        <TextInput
          label={t('twoFactors.passkey.name')}
          description={t('twoFactors.passkey.nameHint')}
          withAsterisk
          data-autofocus
          maxLength={100}
          value={name}
          error={nameMissing ? t('twoFactors.passkey.nameRequired') : undefined}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        {add.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {passkeyErrorMessage(t, add.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending} leftSection={<IconFingerprint size={16} />}>
            {t('twoFactors.passkey.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
