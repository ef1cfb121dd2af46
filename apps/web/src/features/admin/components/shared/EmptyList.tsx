import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface EmptyListProps {
  title: string;
  /** A first step, shown only when nothing narrows the list (no search, no filter). */
  start?: { hint: string; label: string; to: string; icon: ReactNode };
}

/** No items yet, or none matching the search or filters. */
export function EmptyList({ title, start }: EmptyListProps) {
  return (
    <Stack align="center" gap="xs" py={56} px="md">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
        <IconFileOff size={28} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600} ta="center">
        {title}
      </Text>
      {start && (
        <>
          <Text size="sm" c="dimmed" ta="center">
            {start.hint}
          </Text>
          <Button component={Link} to={start.to} variant="light" leftSection={start.icon}>
            {start.label}
          </Button>
        </>
      )}
    </Stack>
  );
}
