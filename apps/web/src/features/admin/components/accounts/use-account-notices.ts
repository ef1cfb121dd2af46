import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

/** The outcome of an account action as a notification: done, or why not (translated). */
export function useAccountNotices() {
  const { t } = useTranslation();
  return {
    done: (message: string) => notifications.show({ color: 'green', message }),
    failed: (title: string) => (error: unknown) =>
      notifications.show({ color: 'red', title, message: errorMessage(t, error) }),
  };
}
