import { Modal, Radio, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AccountWithInvite } from '@pastebox/contract/schemas/account';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { FormButtons } from '@/features/admin/components/shared/FormButtons';
import {
  newAccountValues,
  toCreateBody,
  validateAccountForm,
  validatePasswordPair,
  type AccountFormErrors,
  type CredentialChoice,
  type PasswordErrors,
} from './account-form';
import { AccountFormFields } from './AccountFormFields';
import { useCreateAccount } from './api/change-account';
import { InviteLinkResult } from './InviteLinkResult';
import { PasswordPairFields } from './PasswordPairFields';

/** Create an account with a password, or with an invitation whose link is shown once. */
export function CreateAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [invited, setInvited] = useState<AccountWithInvite | null>(null);
  const close = () => {
    onClose();
    setInvited(null);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={invited ? t('accounts.invite.title') : t('accounts.createTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {invited?.invite_url ? (
        <InviteLinkResult
          username={invited.account.username}
          url={invited.invite_url}
          expiresAt={invited.account.invite_expires_at}
          onDone={close}
        />
      ) : (
        <CreateAccountForm
          onCreated={(answer) => (answer.invite_url ? setInvited(answer) : close())}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

function CreateAccountForm({
  onCreated,
  onCancel,
}: {
  onCreated: (answer: AccountWithInvite) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateAccount();
  const [values, setValues] = useState(newAccountValues);
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const [credential, setCredential] = useState<CredentialChoice>('password');
  const [pair, setPair] = useState({ password: '', confirm: '' });
  const [pairErrors, setPairErrors] = useState<PasswordErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateAccountForm(values);
    const pairProblems = credential === 'password' ? validatePasswordPair(pair) : {};
    setErrors(problems);
    setPairErrors(pairProblems);
    if (Object.keys(problems).length + Object.keys(pairProblems).length > 0) {
      return;
    }
    create.mutate(toCreateBody(values, credential, pair.password), {
      onSuccess: (answer) => {
        notifications.show({
          color: 'green',
          message: t('accounts.created', { name: answer.account.username }),
        });
        onCreated(answer);
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('accounts.createFailed'),
          message: errorMessage(t, error),
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('accounts.createTitle')}>
      <Stack gap="lg">
        <AccountFormFields
          values={values}
          errors={errors}
          onChange={(key, value) => setValues((previous) => ({ ...previous, [key]: value }))}
        />
        <Radio.Group
          label={t('accounts.credential.label')}
          value={credential}
          onChange={(value) => setCredential(value as CredentialChoice)}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="password" label={t('accounts.credential.password')} />
            <Radio
              value="invite"
              label={t('accounts.credential.invite')}
              description={t('accounts.credential.inviteHint')}
            />
          </Stack>
        </Radio.Group>
        {credential === 'password' && (
          <PasswordPairFields pair={pair} errors={pairErrors} onChange={setPair} />
        )}
        <FormButtons
          onCancel={onCancel}
          saving={create.isPending}
          saveLabel={t('accounts.createSubmit')}
        />
      </Stack>
    </form>
  );
}
