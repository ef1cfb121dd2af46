import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

interface EditFormOptions<V, B extends object> {
  initial: () => V;
  /** Problems found before anything is sent, as translation keys. */
  validate: (values: V) => Partial<Record<keyof V, string>>;
  /** Only what changed; an empty body closes the form without a call. */
  toBody: (values: V) => B;
  save: (body: B, done: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  savedMessage: (values: V) => string;
  failedTitle: string;
  onDone: () => void;
  /** Values for the error messages' placeholders, e.g. `{ max }`. */
  errorParams?: Record<string, unknown>;
}

/**
 * The state and submit of an edit dialog (texts, files, keys): validate, send only what
 * changed, report the outcome in a notification and close on success.
 */
export function useEditForm<V, B extends object>(options: EditFormOptions<V, B>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const set = <K extends keyof V>(key: K, value: V[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const errorText = (key: keyof V): string | undefined => {
    const messageKey = errors[key];
    return messageKey ? t(messageKey as 'common.error', options.errorParams ?? {}) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = options.validate(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    const body = options.toBody(values);
    if (Object.keys(body).length === 0) {
      options.onDone();
      return;
    }
    options.save(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: options.savedMessage(values) });
        options.onDone();
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: options.failedTitle,
          message: errorMessage(t, error),
        }),
    });
  };

  return { values, set, setValues, errors, errorText, submit };
}
