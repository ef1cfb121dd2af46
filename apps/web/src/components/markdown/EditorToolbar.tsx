import type { EditorView } from '@codemirror/view';
import { ActionIcon, Divider, Group, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { TOOLBAR_ACTIONS, type ToolbarWords } from './toolbar-actions';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** "Mod+B" as this platform writes it. */
function shortcutLabel(shortcut: string): string {
  return shortcut.replace('Mod', isMac ? '⌘' : 'Ctrl');
}

/** Formatting buttons for the Markdown editor; each acts on the current selection. */
export function EditorToolbar({ getView }: { getView: () => EditorView | null }) {
  const { t } = useTranslation();
  const words: ToolbarWords = {
    text: t('markdown.placeholder.text'),
    code: t('markdown.placeholder.code'),
    linkText: t('markdown.placeholder.linkText'),
    imageAlt: t('markdown.placeholder.imageAlt'),
    column: t('markdown.placeholder.column'),
    cell: t('markdown.placeholder.cell'),
  };
  return (
    <Group
      gap={2}
      wrap="nowrap"
      role="toolbar"
      aria-label={t('markdown.toolbar.label')}
      style={{ overflowX: 'auto', scrollbarWidth: 'thin' }}
      px={4}
      py={4}
    >
      {TOOLBAR_ACTIONS.map((action) => {
        const label = t(`markdown.toolbar.${action.id}`);
        const tooltip = action.shortcut ? `${label} (${shortcutLabel(action.shortcut)})` : label;
        return (
          <Fragment key={action.id}>
            {action.groupStart && <Divider orientation="vertical" mx={4} my={4} />}
            <Tooltip label={tooltip} openDelay={400} withinPortal>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                aria-label={label}
                // Keep the editor's selection: a mouse-down on the button would blur it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  const view = getView();
                  if (view) {
                    action.run(view, words);
                  }
                }}
              >
                <action.icon size={18} stroke={1.8} />
              </ActionIcon>
            </Tooltip>
          </Fragment>
        );
      })}
    </Group>
  );
}
