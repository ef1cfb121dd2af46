import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { joinPath, segmentsOf } from '@pastebox/contract/rules/virtual-path';
import { IconChevronRight, IconFolder, IconFolderPlus, IconServer } from '@tabler/icons-react';
import { entryIconColor } from '@/lib/entry-colors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { fsCallPath } from '@/lib/fs/fs-family';
import { invalidateAfterChange } from '@/lib/query-keys';

/* The pieces of the folder picker (FolderPicker.tsx): crumbs, the folder list, the new-folder form. */

/**
 * Root › a › b, each crumb opening its folder. Crumbs start at `root` (a key's base path):
 * nothing above it is offered.
 */
export function PathCrumbs({
  path,
  root = '/',
  onOpen,
}: {
  path: string;
  root?: string;
  onOpen: (path: string) => void;
}) {
  const { t } = useTranslation();
  const segments = segmentsOf(path);
  const top = segmentsOf(root).length;
  const crumbs = [
    { label: root === '/' ? t('folderPicker.root') : root, path: root },
    ...segments.slice(top).map((name, index) => ({
      label: name,
      path: `/${segments.slice(0, top + index + 1).join('/')}`,
    })),
  ];
  return (
    <ScrollArea type="never" style={{ flex: 1, minWidth: 0 }}>
      <Breadcrumbs
        separator={<IconChevronRight size={14} />}
        separatorMargin={4}
        aria-label={t('folderPicker.breadcrumbs')}
        style={{ flexWrap: 'nowrap', whiteSpace: 'nowrap' }}
      >
        {crumbs.map((crumb) =>
          crumb.path === path ? (
            <Text key={crumb.path} size="sm" fw={600} aria-current="location">
              {crumb.label}
            </Text>
          ) : (
            <Anchor
              key={crumb.path}
              component="button"
              size="sm"
              onClick={() => onOpen(crumb.path)}
            >
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </ScrollArea>
  );
}

interface FolderRowsProps {
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  folders: FsEntry[];
  onOpen: (path: string) => void;
}

/** The subfolders of the folder shown (mount points included); files are left out. */
export function FolderRows({ pending, error, onRetry, folders, onOpen }: FolderRowsProps) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{errorMessage(t, error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (folders.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        {t('folderPicker.noFolders')}
      </Text>
    );
  }
  return (
    <Stack gap={2} role="list" aria-label={t('folderPicker.folders')}>
      {folders.map((entry) => (
        <NavLink
          key={entry.path}
          component="button"
          role="listitem"
          onClick={() => onOpen(entry.path)}
          aria-label={t('folderPicker.open', { name: entry.name })}
          label={entry.name}
          leftSection={
            entry.isMount ? (
              <IconServer size={18} color={entryIconColor('mount')} aria-hidden />
            ) : (
              <IconFolder size={18} color={entryIconColor('folder')} aria-hidden />
            )
          }
          rightSection={<IconChevronRight size={16} aria-hidden />}
          styles={{
            root: { borderRadius: 'var(--mantine-radius-sm)' },
            label: { overflowWrap: 'anywhere' },
          }}
        />
      ))}
    </Stack>
  );
}

/** POST /{admin|user}/fs/mkdir. */
function makeFolder(path: string): Promise<unknown> {
  return apiRequest<unknown>(fsCallPath('mkdir'), { method: 'POST', body: { path } });
}

/** A name typed under the folder shown; the new folder opens once made. */
export function NewFolderForm({
  parent,
  onCreated,
}: {
  parent: string;
  onCreated: (path: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: makeFolder,
    onSuccess: () => invalidateAfterChange(queryClient, 'fsEntry'),
  });

  if (!open) {
    return (
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconFolderPlus size={16} />}
          onClick={() => setOpen(true)}
        >
          {t('folderPicker.newFolder')}
        </Button>
      </Group>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const trimmed = name.trim();
    // One segment only: a slash would silently create a chain of folders.
    if (trimmed === '' || trimmed === '.' || trimmed === '..' || /[/\\]/.test(trimmed)) {
      setProblem(t('folderPicker.nameInvalid'));
      return;
    }
    const target = joinPath(parent, trimmed);
    create.mutate(target, {
      onSuccess: () => {
        setOpen(false);
        setName('');
        setProblem(null);
        onCreated(target);
      },
      onError: (error) => setProblem(errorMessage(t, error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('folderPicker.newFolder')}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={t('folderPicker.folderName')}
          placeholder={t('folderPicker.folderName')}
          size="sm"
          style={{ flex: 1 }}
          data-autofocus
          autoFocus
          value={name}
          error={problem}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button type="submit" size="sm" loading={create.isPending}>
          {t('common.create')}
        </Button>
        <Button variant="default" size="sm" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </Group>
    </form>
  );
}
