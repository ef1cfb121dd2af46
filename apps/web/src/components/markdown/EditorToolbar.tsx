import { ActionIcon, Divider, Group, Menu, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { Fragment, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOOLBAR_ACTIONS, type ToolbarActionId } from './toolbar-actions';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Below this breakpoint the secondary actions live in the "more" menu. */
const FOLD_BELOW = 'sm';

/** "Mod+B" as this platform writes it. */
function shortcutLabel(shortcut: string): string {
  return shortcut.replace('Mod', isMac ? '⌘' : 'Ctrl');
}

// Keep the editor's selection: a mouse-down on a button would blur it.
const keepSelection = (event: MouseEvent) => event.preventDefault();

/**
 * Formatting buttons for the Markdown editor; each acts on the current selection (through
 * `onAction`, which brings CodeMirror in first if the plain first-paint editor is still
 * there). On a phone the less-used ones fold into a "more" menu, so the bar fits the screen
 * instead of scrolling sideways without a cue; it wraps as a last resort rather than overflow.
 */
export function EditorToolbar({ onAction }: { onAction: (id: ToolbarActionId) => void }) {
  const { t } = useTranslation();
  const secondary = TOOLBAR_ACTIONS.filter((action) => action.secondary);
  const more = t('polish.toolbarMore');

  return (
    <Group gap={2} role="toolbar" aria-label={t('markdown.toolbar.label')} px={4} py={4}>
      {TOOLBAR_ACTIONS.map((action) => {
        const label = t(`markdown.toolbar.${action.id}`);
        const tooltip = action.shortcut ? `${label} (${shortcutLabel(action.shortcut)})` : label;
        // A group that starts with a folded action is folded whole, its divider with it.
        const visibleFrom = action.secondary ? FOLD_BELOW : undefined;
        return (
          <Fragment key={action.id}>
            {action.groupStart && (
              <Divider orientation="vertical" mx={4} my={4} visibleFrom={visibleFrom} />
            )}
            <Tooltip label={tooltip} openDelay={400} withinPortal>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                aria-label={label}
                visibleFrom={visibleFrom}
                onMouseDown={keepSelection}
                onClick={() => onAction(action.id)}
              >
                <action.icon size={18} stroke={1.8} />
              </ActionIcon>
            </Tooltip>
          </Fragment>
        );
      })}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={more}
            title={more}
            hiddenFrom={FOLD_BELOW}
            ml="auto"
            onMouseDown={keepSelection}
          >
            <IconDots size={18} stroke={1.8} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {secondary.map((action) => (
            <Menu.Item
              key={action.id}
              leftSection={<action.icon size={16} stroke={1.8} />}
              onMouseDown={keepSelection}
              onClick={() => onAction(action.id)}
            >
              {t(`markdown.toolbar.${action.id}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
