import { Alert, Center, Loader, Modal, type ModalProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

interface QueryModalProps<T> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size: ModalProps['size'];
  /** The item the dialog shows, loaded fresh each time it opens. */
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** A dialog over one loaded item: a spinner while it loads, the error if it fails. */
export function QueryModal<T>({
  opened,
  onClose,
  title,
  size,
  query,
  children,
}: QueryModalProps<T>) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      {query.isPending && (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
      {query.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, query.error)}
        </Alert>
      )}
      {query.data !== undefined && children(query.data)}
    </Modal>
  );
}
