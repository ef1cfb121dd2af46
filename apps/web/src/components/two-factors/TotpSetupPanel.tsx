import { Alert, Button, Center, Code, Group, Image, Loader, Stack, Text } from '@mantine/core';
import type { TotpConfirmResult, TotpSetupResult } from '@pastebox/contract/schemas/two-factors';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { confirmTotpSetup } from '@/lib/two-factor-enrolment';
import { CopyTextButton } from '@/components/CopyButton';
import { codeComplete, OneTimeCodeInput } from './OneTimeCodeInput';

const QR_SIZE_PX = 200;

/** The otpauth URL as a QR image; qrcode loads only when a setup is shown. */
function useQrImage(text: string): string | null {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(text, { width: QR_SIZE_PX * 2, margin: 2, errorCorrectionLevel: 'M' }),
      )
      .then((url) => !cancelled && setImage({ text, url }))
      .catch(() => !cancelled && setImage(null));
    return () => {
      cancelled = true;
    };
  }, [text]);
  return image?.text === text ? image.url : null;
}

/** Groups of four make the secret readable when typed by hand. */
const spaced = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface TotpSetupPanelProps {
  setup: TotpSetupResult;
  /** The enrolment step's token when this runs at sign-in, instead of a session. */
  challenge?: string;
  onConfirmed: (result: TotpConfirmResult) => void;
  onCancel: () => void;
  /** Every failed confirmation, for a caller that must react (an expired sign-in step). */
  onError?: (error: unknown) => void;
}

/**
 * Setting up an authenticator app: scan the QR code (dark on white in both themes, what
 * cameras read best) or type the secret, then prove it with a code. A wrong code clears
 * the field and keeps the same secret.
 */
export function TotpSetupPanel({
  setup,
  challenge,
  onConfirmed,
  onCancel,
  onError,
}: TotpSetupPanelProps) {
  const { t } = useTranslation();
  const qr = useQrImage(setup.otpauth_url);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const confirm = useMutation({
    mutationFn: (typed: string) => confirmTotpSetup(typed, challenge),
    onSuccess: onConfirmed,
    onError: (error) => {
      if (error instanceof AppError && error.key === 'SECOND_FACTOR_INVALID') {
        setCode('');
        field.current?.focus();
      }
      onError?.(error);
    },
  });
  const send = (typed: string) => {
    setInvalid(!codeComplete(typed));
    if (codeComplete(typed) && !confirm.isPending) {
      confirm.mutate(typed);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(code);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('twoFactors.totp.formLabel')}>
      <Stack gap="md">
        <Text size="sm">{t('twoFactors.totp.scan')}</Text>
        <Center
          w={QR_SIZE_PX}
          h={QR_SIZE_PX}
          bg="white"
          mx="auto"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        >
          {qr ? (
            <Image src={qr} alt={t('twoFactors.totp.qrAlt')} w={QR_SIZE_PX} h={QR_SIZE_PX} />
          ) : (
            <Loader color="gray" aria-label={t('common.loading')} />
          )}
        </Center>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="totp-secret-label">
            {t('twoFactors.totp.secret')}
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code
              aria-labelledby="totp-secret-label"
              style={{ flex: 1, wordBreak: 'break-all', fontSize: 'var(--mantine-font-size-sm)' }}
            >
              {spaced(setup.secret)}
            </Code>
            <CopyTextButton text={setup.secret} size="xs">
              {t('twoFactors.totp.copySecret')}
            </CopyTextButton>
          </Group>
        </Stack>
        <OneTimeCodeInput
          inputRef={field}
          label={t('twoFactors.code')}
          description={t('twoFactors.totp.codeHint')}
          value={code}
          onChange={setCode}
          onComplete={send}
          error={invalid ? t('twoFactors.codeIncomplete') : undefined}
        />
        {confirm.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(t, confirm.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            {t('twoFactors.totp.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
