import { Anchor, Collapse, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TaskItem } from '@pastebox/contract/schemas/task';
import { useTranslation } from 'react-i18next';

/** The files a task could not process, folded away until asked for. */
export function TaskFailures({ failures }: { failures: TaskItem['failures'] }) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  if (failures.length === 0) {
    return null;
  }
  return (
    <Stack gap={4}>
      <Anchor
        component="button"
        size="xs"
        c="red"
        onClick={toggle}
        aria-expanded={opened}
        ta="left"
      >
        {opened ? t('tasks.hideFailures') : t('tasks.showFailures', { count: failures.length })}
      </Anchor>
      <Collapse in={opened}>
        <Stack gap={4} component="ul" m={0} pl="md">
          {failures.map((failure) => (
            <Text key={failure.path} component="li" size="xs" style={{ overflowWrap: 'anywhere' }}>
              <Text span ff="monospace" size="xs">
                {failure.path}
              </Text>
              {' — '}
              {failure.message}
            </Text>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
