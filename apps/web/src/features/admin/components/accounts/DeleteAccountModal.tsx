import { Alert, Button, Group, Modal, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount, type AccountRemoval } from './api/change-account';
import { useAccountChoices } from './api/get-accounts';
import { useAccountNotices } from './use-account-notices';

type SharesChoice = 'delete' | 'transfer';

/** Deleting an account: first what becomes of its shares, then how many went or moved. */
export function DeleteAccountModal({
  item,
  onClose,
}: {
  item: AccountItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t('accounts.delete.title', { name: item?.username ?? '' })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {item && <DeleteAccountBody key={item.id} item={item} onClose={onClose} />}
    </Modal>
  );
}

function DeleteAccountBody({ item, onClose }: { item: AccountItem; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const notices = useAccountNotices();
  const [shares, setShares] = useState<SharesChoice>('delete');
  const [to, setTo] = useState('');
  const [missingTarget, setMissingTarget] = useState(false);
  const [removed, setRemoved] = useState<{ counts: AccountRemoval; to: string | null } | null>(
    null,
  );
  const choices = useAccountChoices(shares === 'transfer');
  const others = (choices.data?.items ?? []).filter((other) => other.id !== item.id);
  const name = { name: item.username };

  if (removed) {
    const counts = { ...name, pastes: removed.counts.pastes, files: removed.counts.files };
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {removed.to
            ? t('accounts.delete.doneTransferred', { ...counts, to: removed.to })
            : t('accounts.delete.doneDeleted', counts)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('accounts.invite.done')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (shares === 'transfer' && !to) {
      setMissingTarget(true);
      return;
    }
    const receiver = others.find((other) => other.id === to)?.username ?? null;
    remove.mutate(
      { id: item.id, query: shares === 'transfer' && to ? { shares, to } : { shares: 'delete' } },
      {
        onSuccess: (counts) => {
          notices.done(t('accounts.delete.deleted', name));
          setRemoved({ counts, to: shares === 'transfer' ? receiver : null });
        },
        onError: notices.failed(t('accounts.delete.failed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('accounts.delete.title', name)}>
      <Stack gap="md">
        <Text size="sm">{t('accounts.delete.confirm', name)}</Text>
        <Radio.Group
          label={t('accounts.delete.sharesLabel')}
          value={shares}
          onChange={(value) => setShares(value as SharesChoice)}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="delete" label={t('accounts.delete.sharesDelete')} />
            <Radio value="transfer" label={t('accounts.delete.sharesTransfer')} />
          </Stack>
        </Radio.Group>
        {shares === 'transfer' && (
          <NativeSelect
            label={t('accounts.delete.receiver')}
            withAsterisk
            data={[
              { value: '', label: t('accounts.delete.receiverPlaceholder'), disabled: true },
              ...others.map((other) => ({
                value: other.id,
                label: other.display_name
                  ? `${other.username} (${other.display_name})`
                  : other.username,
              })),
            ]}
            value={to}
            onChange={(event) => {
              setTo(event.currentTarget.value);
              setMissingTarget(false);
            }}
            disabled={choices.isPending}
            error={missingTarget ? t('accounts.delete.receiverRequired') : undefined}
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={remove.isPending}>
            {t('accounts.delete.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
