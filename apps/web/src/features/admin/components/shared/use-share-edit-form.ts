import { useTranslation } from 'react-i18next';
import type { ShareNamespace } from './ShareEditFields';
import { useEditForm } from './use-edit-form';

/** The save of a share: a mutation that sends the changed fields for one id. */
interface ShareUpdate<B> {
  mutate(
    variables: { id: string; body: B },
    done: { onSuccess: () => void; onError: (error: unknown) => void },
  ): void;
  isPending: boolean;
}

interface ShareEditFormOptions<V, B extends object> {
  /** Whose words the notifications and fields use: text shares or file shares. */
  ns: ShareNamespace;
  /** The share being edited, which `update` saves. */
  id: string;
  update: ShareUpdate<B>;
  initial: () => V;
  validate: (values: V) => Partial<Record<keyof V, string>>;
  toBody: (values: V) => B;
  onDone: () => void;
  errorParams?: Record<string, unknown>;
}

/**
 * The edit form of a share (a paste or a file): `useEditForm` saved through `update` with
 * the namespace's notifications, and `field(key)`, the props that bind one of
 * ShareEditFields' fields to the form, so each field names its key once.
 */
export function useShareEditForm<V, B extends object>({
  ns,
  id,
  update,
  ...options
}: ShareEditFormOptions<V, B>) {
  const { t } = useTranslation();
  const form = useEditForm({
    ...options,
    save: (body: B, done) => update.mutate({ id, body }, done),
    savedMessage: () => t(`${ns}.edit.saved`),
    failedTitle: t(`${ns}.edit.saveFailed`),
  });
  const field = <K extends keyof V>(key: K) => ({
    ns,
    value: form.values[key],
    error: form.errorText(key),
    onChange: (value: V[K]) => form.set(key, value),
  });
  return { ...form, field, saving: update.isPending };
}
