import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the install and update prompts: icon, title, a line of text, actions. */
export function PromptCard(props: {
  icon: ReactNode;
  title: string;
  body: string;
  actions: ReactNode;
  /** A close button in the corner, when the prompt can be dismissed. */
  close?: ReactNode;
}) {
  return (
    <Paper withBorder shadow="md" p="md" role="region" aria-label={props.title}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {props.icon}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{props.title}</Text>
          <Text size="sm" c="dimmed">
            {props.body}
          </Text>
          <Group gap="xs" mt="xs">
            {props.actions}
          </Group>
        </Stack>
        {props.close}
      </Group>
    </Paper>
  );
}
