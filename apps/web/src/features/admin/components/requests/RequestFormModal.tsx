import { Divider, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FileRequest } from '@pastebox/contract/schemas/file-request';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { FormButtons } from '@/features/admin/components/shared/FormButtons';
import { useCreateRequest, useUpdateRequest } from './api/change-request';
import { RequestAboutFields } from './RequestAboutFields';
import { RequestAccessFields } from './RequestAccessFields';
import { RequestLimitFields } from './RequestLimitFields';
import { RequestTargetFields } from './RequestTargetFields';
import { RequestWebhookFields } from './RequestWebhookFields';
import {
  emptyRequestValues,
  requestValuesOf,
  toCreateRequestBody,
  toUpdateRequestBody,
  validateRequest,
  type RequestFormErrors,
  type RequestFormValues,
} from './request-form';
import type { RequestFieldsProps } from './form-props';

/** Refusals about one field, shown on it rather than in a notification. */
const FIELD_OF_ERROR: Record<string, keyof RequestFormValues> = {
  SLUG_TAKEN: 'slug',
  SLUG_INVALID: 'slug',
  SLUG_RESERVED: 'slug',
  REQUEST_TARGET_INVALID: 'mountPath',
  NOT_A_FOLDER: 'mountPath',
  PATH_NOT_FOUND: 'mountPath',
};

interface RequestFormModalProps {
  opened: boolean;
  /** The request being edited; null creates one. */
  request: FileRequest | null;
  onClose: () => void;
  /**
   * Told of a request just created; answers true when it announces the request itself
   * (a dialog with its link), so the form's own notification is left out.
   */
  onCreated?: (request: FileRequest) => boolean;
}

/** Create or edit a file request; the form is rebuilt each time the dialog opens. */
export function RequestFormModal({ opened, request, onClose, onCreated }: RequestFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={
        request
          ? t('fileRequests.form.editTitle', { title: request.title })
          : t('fileRequests.form.createTitle')
      }
    >
      {opened && (
        <RequestForm
          key={request?.id ?? 'new'}
          request={request}
          onDone={onClose}
          onCreated={onCreated}
        />
      )}
    </Modal>
  );
}

function RequestForm({
  request,
  onDone,
  onCreated,
}: {
  request: FileRequest | null;
  onDone: () => void;
  onCreated?: (request: FileRequest) => boolean;
}) {
  const { t } = useTranslation();
  const create = useCreateRequest();
  const update = useUpdateRequest();
  const [values, setValues] = useState<RequestFormValues>(() =>
    request ? requestValuesOf(request) : emptyRequestValues(),
  );
  const [errors, setErrors] = useState<RequestFormErrors>({});
  const fields: RequestFieldsProps = {
    values,
    errors,
    onChange: (key, value) => {
      setValues((previous) => ({ ...previous, [key]: value }));
      setErrors((previous) => ({ ...previous, [key]: undefined }));
    },
    errorOf: (key) => (errors[key] ? t(errors[key] as 'fileRequests.form.title') : undefined),
  };
  const failed = (error: unknown) => {
    const field = error instanceof AppError && error.key ? FIELD_OF_ERROR[error.key] : undefined;
    if (field) {
      setErrors({ [field]: `errors.${(error as AppError).key}` });
      return;
    }
    notifications.show({
      color: 'red',
      title: t('fileRequests.form.saveFailed'),
      message: errorMessage(t, error),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateRequest(values, request === null);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    const saved = (item: FileRequest, key: 'created' | 'saved') => {
      notifications.show({
        color: 'green',
        message: t(`fileRequests.${key}`, { title: item.title }),
      });
      onDone();
    };
    if (request) {
      update.mutate(
        { id: request.id, body: toUpdateRequestBody(values) },
        { onSuccess: (item) => saved(item, 'saved'), onError: failed },
      );
    } else {
      create.mutate(toCreateRequestBody(values), {
        onSuccess: (item) => {
          if (onCreated?.(item)) {
            onDone();
          } else {
            saved(item, 'created');
          }
        },
        onError: failed,
      });
    }
  };
  const section = (label: string) => <Divider label={label} labelPosition="left" mt="xs" />;

  return (
    <form onSubmit={submit} noValidate aria-label={t('fileRequests.form.label')}>
      <Stack gap="sm">
        <RequestAboutFields {...fields} />
        {section(t('fileRequests.form.sectionAccess'))}
        <RequestAccessFields
          {...fields}
          editing={
            request
              ? {
                  hasPassword: request.has_password,
                  expiresAt: request.expires_at,
                  views: request.views,
                }
              : null
          }
        />
        {section(t('fileRequests.form.sectionAccept'))}
        <RequestLimitFields {...fields} creating={request === null} />
        {values.kind === 'files' && (
          <>
            {section(t('fileRequests.form.sectionTarget'))}
            <RequestTargetFields {...fields} />
          </>
        )}
        {section(t('fileRequests.form.sectionNotify'))}
        <RequestWebhookFields {...fields} secret={request?.webhook_secret ?? null} />
        <FormButtons
          onCancel={onDone}
          saving={create.isPending || update.isPending}
          saveLabel={request ? t('common.save') : t('common.create')}
        />
      </Stack>
    </form>
  );
}
