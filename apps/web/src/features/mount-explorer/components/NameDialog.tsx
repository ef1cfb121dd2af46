import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { cleanName, nameProblem } from '@/features/mount-explorer/lib/entry-name';

export interface NameDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  placeholder?: string;
  /** The name to start from (rename); '' for a new entry. */
  initialName?: string;
  /** The other names of the folder: a name already there is refused before asking. */
  siblings: readonly string[];
  /** Does the work; a rejection is shown under the field and keeps the dialog open. */
  onSubmit: (name: string) => Promise<unknown>;
  /** What to say of a `/` in the name instead of the general rule (rename: use Move to…). */
  slashProblem?: string;
}

/** One name for a new folder, a new file or a rename, checked as it will be stored. */
export function NameDialog({ opened, onClose, title, ...form }: NameDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {/* Mounted only while open, so each opening starts from its own initial name. */}
      {opened && <NameForm onClose={onClose} {...form} />}
    </Modal>
  );
}

/** Selects the part of a file name before its extension, as file managers do on rename. */
function selectStem(input: HTMLInputElement) {
  const dot = input.value.lastIndexOf('.');
  input.setSelectionRange(0, dot > 0 ? dot : input.value.length);
}

function NameForm(props: Omit<NameDialogProps, 'opened' | 'title'>) {
  const { onClose, confirmLabel, placeholder, initialName = '', siblings, onSubmit } = props;
  const { slashProblem } = props;
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = nameProblem(name, siblings, initialName || undefined);
    if (wrong === 'invalid' && slashProblem && name.includes('/')) {
      setProblem(slashProblem);
      return;
    }
    if (wrong) {
      setProblem(t(`explorer.name.${wrong}`, { name: cleanName(name) }));
      return;
    }
    const clean = cleanName(name);
    if (clean === initialName) {
      onClose();
      return;
    }
    setBusy(true);
    onSubmit(clean).then(
      () => onClose(),
      (error: unknown) => {
        setBusy(false);
        setProblem(errorMessage(t, error));
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('explorer.name.label')}
          placeholder={placeholder}
          value={name}
          error={problem}
          data-autofocus
          onFocus={(event) => selectStem(event.currentTarget)}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setProblem(null);
          }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
