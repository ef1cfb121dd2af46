import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { ADMIN_KEYS, type ApiKeysBase } from '@/features/admin/api/api-keys-base';
import { useCreateApiKey } from '@/features/admin/api/create-api-key';
import { FormButtons } from '@/features/admin/components/shared/FormButtons';
import { KeyFormFields } from './KeyFormFields';
import { ShareToolsSection } from './ShareToolsPanel';
import {
  newKeyValues,
  toCreateBody,
  validateKeyForm,
  type KeyFormErrors,
  type KeyFormValues,
} from './key-form';

interface CreateKeyModalProps {
  opened: boolean;
  onClose: () => void;
  /** Whose list the key joins (see ApiKeysBase). */
  base?: ApiKeysBase;
}

/** Create a key with every option; afterwards the new key is shown once more to copy. */
export function CreateKeyModal({ opened, onClose, base = ADMIN_KEYS }: CreateKeyModalProps) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<ApiKeyItem | null>(null);
  const close = () => {
    onClose();
    setCreated(null);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t('keys.created.title') : t('keys.createTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {created ? (
        <KeyCreated item={created} onDone={close} />
      ) : (
        <CreateKeyForm base={base} onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function CreateKeyForm({
  base,
  onCreated,
  onCancel,
}: {
  base: ApiKeysBase;
  onCreated: (item: ApiKeyItem) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey(base);
  const [values, setValues] = useState<KeyFormValues>(newKeyValues);
  const [errors, setErrors] = useState<KeyFormErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateKeyForm(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    create.mutate(toCreateBody(values, new Date()), {
      onSuccess: onCreated,
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('keys.createFailed'),
          message: errorMessage(t, error),
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <KeyFormFields
          values={values}
          errors={errors}
          withCustomKey
          onChange={(key, value) => setValues((previous) => ({ ...previous, [key]: value }))}
        />
        <FormButtons onCancel={onCancel} saving={create.isPending} saveLabel={t('keys.create')} />
      </Stack>
    </form>
  );
}

function KeyCreated({ item, onDone }: { item: ApiKeyItem; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
        {t('keys.created.message', { name: item.name })}
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('keys.columns.key')}
        </Text>
        {/* Wrapped anywhere: a key has no spaces, and on a phone one line overflowed. */}
        <Code
          block
          style={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
            fontSize: 'var(--mantine-font-size-sm)',
          }}
        >
          {item.key}
        </Code>
        <Text size="xs" c="dimmed">
          {t('keys.created.hint')}
        </Text>
      </Stack>
      <ShareToolsSection item={item} />
      <Group justify="flex-end" gap="xs">
        <CopyButton value={item.key}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t('common.copied') : t('keys.copyKey')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          {t('keys.created.done')}
        </Button>
      </Group>
    </Stack>
  );
}
