import {
  Button,
  Group,
  Kbd,
  NativeSelect,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { LIMITS, PASTE_EXPIRY_OPTIONS, type PasteExpiryOption } from '@pastebox/contract/limits';
import { checkSlug } from '@pastebox/contract/rules/slug';
import { IconSend } from '@tabler/icons-react';
import { useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SHARE_OPTIONS, type ShareOptions } from '@/features/editor/lib/share-options';

export interface ShareOptionsFormProps {
  /** Called with valid options only. */
  onSubmit: (options: ShareOptions) => void;
  submitting?: boolean;
  /** Creating is not allowed (not signed in, no text permission). */
  disabled?: boolean;
  /** A slug problem reported by the server (e.g. SLUG_TAKEN), shown on the field. */
  slugError?: string | null;
  /** Extra controls shown left of the submit button. */
  footer?: ReactNode;
  formRef?: Ref<HTMLFormElement>;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Link suffix, remark, password, expiry and view limit of a new share (SPEC §3, §5, §9).
 * The slug is checked as it is typed, with the same rule the server applies.
 */
export function ShareOptionsForm(props: ShareOptionsFormProps) {
  const { onSubmit, submitting, disabled, slugError, footer, formRef } = props;
  const { t } = useTranslation();
  const [options, setOptions] = useState<ShareOptions>(DEFAULT_SHARE_OPTIONS);
  const [submittedSlug, setSubmittedSlug] = useState<string | null>(null);
  const slugInput = useRef<HTMLInputElement>(null);

  const slugProblem = options.slug.trim() === '' ? null : checkSlug(options.slug.trim());
  const localSlugError = slugProblem ? t(`errors.${slugProblem}`) : null;
  // The server's complaint applies only to the slug it was about.
  const serverSlugError = slugError && submittedSlug === options.slug ? slugError : null;
  const update = (patch: Partial<ShareOptions>) => setOptions((old) => ({ ...old, ...patch }));
  const [encrypt, setEncrypt] = useState(false);
  const [encryptionPassword, setEncryptionPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled || submitting) {
      return;
    }
    if (slugProblem) {
      slugInput.current?.focus();
      return;
    }
    setSubmittedSlug(options.slug);
    onSubmit({
      ...options,
      slug: options.slug.trim(),
      remark: options.remark.trim(),
      ...(encrypt ? { encryption: { password: encryptionPassword } } : {}),
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('editor.options.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        <TextInput
          ref={slugInput}
          label={t('editor.options.slug')}
          description={t('editor.options.slugHint')}
          placeholder={t('editor.options.slugPlaceholder')}
          value={options.slug}
          onChange={(event) => update({ slug: event.currentTarget.value })}
          error={localSlugError ?? serverSlugError}
          autoComplete="off"
          spellCheck={false}
        />
        <PasswordInput
          label={t('editor.options.password')}
          description={t('editor.options.passwordHint')}
          placeholder={t('editor.options.passwordPlaceholder')}
          value={options.password}
          onChange={(event) => update({ password: event.currentTarget.value })}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('editor.options.togglePassword') }}
        />
        <TextInput
          label={t('editor.options.remark')}
          description={t('editor.options.remarkHint')}
          placeholder={t('editor.options.remarkPlaceholder')}
          value={options.remark}
          onChange={(event) => update({ remark: event.currentTarget.value })}
          maxLength={LIMITS.remarkMaxLength}
        />
        <NativeSelect
          label={t('editor.options.expiry')}
          description={t('editor.options.expiryHint')}
          value={options.expiry}
          onChange={(event) => update({ expiry: event.currentTarget.value as PasteExpiryOption })}
          data={PASTE_EXPIRY_OPTIONS.map((option) => ({
            value: option.id,
            label: t(`editor.expiry.${option.id}`),
          }))}
        />
        <NumberInput
          label={t('editor.options.maxViews')}
          description={t('editor.options.maxViewsHint')}
          value={options.maxViews}
          onChange={(value) => update({ maxViews: typeof value === 'number' ? value : 0 })}
          min={0}
          allowNegative={false}
          allowDecimal={false}
          clampBehavior="strict"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" mt="md">
        <Switch
          label={t('editor.options.encrypt')}
          description={t('editor.options.encryptHint')}
          checked={encrypt}
          onChange={(event) => setEncrypt(event.currentTarget.checked)}
        />
        {encrypt && (
          <PasswordInput
            label={t('editor.options.encryptionPassword')}
            description={t('editor.options.encryptionPasswordHint')}
            value={encryptionPassword}
            onChange={(event) => setEncryptionPassword(event.currentTarget.value)}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('editor.options.togglePassword') }}
          />
        )}
      </SimpleGrid>
      <Group justify="space-between" mt="lg" gap="sm">
        <Group gap="sm">{footer}</Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="xs" c="dimmed" visibleFrom="sm">
            <Kbd size="xs">{isMac ? '⌘' : 'Ctrl'}</Kbd> + <Kbd size="xs">Enter</Kbd>
          </Text>
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={submitting}
            disabled={disabled}
          >
            {t('editor.create')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
