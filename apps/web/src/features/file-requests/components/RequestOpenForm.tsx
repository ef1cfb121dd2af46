import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  FILE_REQUEST_LIMITS,
  type OpenFileRequestBody,
  type PublicFileRequest,
  type RequestUploadToken,
} from '@pastebox/contract/schemas/file-request';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

type OpenMutation = UseMutationResult<RequestUploadToken, Error, OpenFileRequestBody>;

interface Fields {
  password: string;
  name: string;
  email: string;
}

/** A loose check of the shape; the server's zod schema has the last word. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Which fields are missing or malformed, as translation keys. */
export function openFormErrors(
  request: Pick<PublicFileRequest, 'requires_password' | 'require_name' | 'require_email'>,
  fields: Fields,
): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (request.requires_password && fields.password === '') {
    errors.password = 'fileRequests.public.open.passwordRequired';
  }
  if (request.require_name && fields.name.trim() === '') {
    errors.name = 'fileRequests.public.open.nameRequired';
  }
  const email = fields.email.trim();
  if (request.require_email && email === '') {
    errors.email = 'fileRequests.public.open.emailRequired';
  } else if (email !== '' && !EMAIL_SHAPE.test(email)) {
    errors.email = 'fileRequests.public.open.emailInvalid';
  }
  return errors;
}

/**
 * The step before sending: the request's password and the sender's name and e-mail, each
 * only when the request asks for it. A wrong password keeps the form for another try.
 */
export function RequestOpenForm({
  request,
  open,
  onOpened,
}: {
  request: PublicFileRequest;
  open: OpenMutation;
  onOpened: (answer: RequestUploadToken) => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Fields>({ password: '', name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const change = (key: keyof Fields, value: string) => {
    setFields((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = openFormErrors(request, fields);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    open.mutate(
      {
        ...(request.requires_password ? { password: fields.password } : {}),
        ...(fields.name.trim() ? { name: fields.name.trim() } : {}),
        ...(fields.email.trim() ? { email: fields.email.trim() } : {}),
      },
      { onSuccess: onOpened },
    );
  };
  const shown = (key: keyof Fields) =>
    errors[key] ? t(errors[key] as 'fileRequests.public.open.nameRequired') : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={t('fileRequests.public.open.formLabel')}>
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          {request.requires_password
            ? t('fileRequests.public.open.hintPassword')
            : t('fileRequests.public.open.hintDetails')}
        </Text>
        {request.require_name && (
          <TextInput
            label={t('fileRequests.public.open.name')}
            autoComplete="name"
            withAsterisk
            maxLength={FILE_REQUEST_LIMITS.uploaderNameMaxLength}
            value={fields.name}
            error={shown('name')}
            onChange={(event) => change('name', event.currentTarget.value)}
          />
        )}
        {request.require_email && (
          <TextInput
            label={t('fileRequests.public.open.email')}
            type="email"
            autoComplete="email"
            withAsterisk
            maxLength={FILE_REQUEST_LIMITS.uploaderEmailMaxLength}
            value={fields.email}
            error={shown('email')}
            onChange={(event) => change('email', event.currentTarget.value)}
          />
        )}
        {request.requires_password && (
          <PasswordInput
            label={t('fileRequests.public.open.password')}
            autoComplete="off"
            withAsterisk
            value={fields.password}
            error={shown('password')}
            onChange={(event) => change('password', event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          />
        )}
        {open.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(t, open.error)}
          </Text>
        )}
        <Button type="submit" loading={open.isPending} w={{ base: '100%', xs: 'auto' }}>
          {t('fileRequests.public.open.continue')}
        </Button>
      </Stack>
    </form>
  );
}
