import { Divider, Modal, Stack, Text, Title } from '@mantine/core';
import { useModals } from '@mantine/modals';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '@/features/admin/components/shared/FormButtons';
import { useEditForm } from '@/features/admin/components/shared/use-edit-form';
import { AccountAccess } from './AccountAccess';
import { StateBadges } from './AccountBadges';
import { editAccountValues, toUpdateBody, validateAccountForm } from './account-form';
import { AccountFormFields } from './AccountFormFields';
import { AccountPasswordReset } from './AccountPasswordReset';
import { useUpdateAccount } from './api/change-account';
import { TwoFactorReset } from './TwoFactorReset';

interface EditAccountModalProps {
  item: AccountItem | null;
  selfId: string | undefined;
  /** An action inside answered the account anew (disabled, password reset). */
  onChanged: (item: AccountItem) => void;
  onClose: () => void;
  onDelete: (item: AccountItem) => void;
}

/**
 * The account's settings, then — for any account but your own — its password, two factors
 * and access: reset, disable or enable, delete. Your own password is changed in Settings.
 */
export function EditAccountModal({
  item,
  selfId,
  onChanged,
  onClose,
  onDelete,
}: EditAccountModalProps) {
  const { t } = useTranslation();
  const own = item !== null && item.id === selfId;
  // Every open Mantine modal closes on Escape: while a confirmation asked from here is
  // open, Escape must close only that one.
  const asking = useModals().modals.length > 0;
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      closeOnEscape={!asking}
      title={t('accounts.editTitle', { name: item?.username ?? '' })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {item && (
        <Stack gap="lg">
          <StateBadges item={item} />
          <EditAccountForm key={item.id} item={item} own={own} onDone={onClose} />
          {own ? (
            <Text size="sm" c="dimmed">
              {t('accounts.ownAccountHint')}
            </Text>
          ) : (
            <>
              <Section title={t('accounts.reset.title')}>
                <AccountPasswordReset key={item.id} item={item} onChanged={onChanged} />
              </Section>
              <Section title={t('accounts.twoFactors.title')}>
                <TwoFactorReset item={item} />
              </Section>
              <Section title={t('accounts.access.title')}>
                <AccountAccess item={item} onChanged={onChanged} onDelete={onDelete} />
              </Section>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Divider />
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function EditAccountForm({
  item,
  own,
  onDone,
}: {
  item: AccountItem;
  own: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const { values, set, errors, submit } = useEditForm({
    initial: () => editAccountValues(item),
    validate: validateAccountForm,
    toBody: (current) => toUpdateBody(item, current),
    save: (body, done) => update.mutate({ id: item.id, body }, done),
    savedMessage: (saved) => t('accounts.saved', { name: saved.username.trim() }),
    failedTitle: t('accounts.saveFailed'),
    onDone,
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('accounts.settingsForm')}>
      <Stack gap="lg">
        <AccountFormFields values={values} errors={errors} onChange={set} ownAccount={own} />
        <FormButtons onCancel={onDone} saving={update.isPending} />
      </Stack>
    </form>
  );
}
