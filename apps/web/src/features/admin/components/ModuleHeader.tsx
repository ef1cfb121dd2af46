import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ModuleHeaderProps {
  title: string;
  description?: string;
  /** Buttons on the right; they wrap under the title on narrow screens. */
  actions?: ReactNode;
}

/** The title row every panel module starts with. */
export function ModuleHeader({ title, description, actions }: ModuleHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
