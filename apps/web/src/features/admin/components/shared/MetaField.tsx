import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled fact in a detail dialog (format, size, creator…). */
export function MetaField({
  label,
  truncate,
  children,
}: {
  label: string;
  truncate?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" truncate={truncate}>
        {children}
      </Text>
    </Stack>
  );
}
