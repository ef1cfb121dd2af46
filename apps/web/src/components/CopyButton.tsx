import { ActionIcon, Button, Tooltip, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const COPIED_FEEDBACK_MS = 1500;

/**
 * Copies text to the clipboard. Falls back to a hidden textarea where the async Clipboard
 * API is missing (plain-HTTP deployments are not a secure context).
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) {
    throw new Error('copy failed');
  }
}

/** Copy state for a button: `copy()` copies and flips `copied` for a moment. */
function useCopy(text: string) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) {
      return;
    }
    const timer = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    copyText(text).then(
      () => setCopied(true),
      () => notifications.show({ color: 'red', message: t('common.copyFailed') }),
    );
  };
  return { copied, copy };
}

export interface CopyTextButtonProps extends Omit<ButtonProps, 'children' | 'leftSection'> {
  text: string;
  children: ReactNode;
}

/** A labelled button that copies `text` and says "Copied" for a moment. */
export function CopyTextButton({ text, children, ...buttonProps }: CopyTextButtonProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(text);
  return (
    <Button
      variant="default"
      {...buttonProps}
      color={copied ? 'teal' : buttonProps.color}
      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      onClick={copy}
    >
      {copied ? t('common.copied') : children}
    </Button>
  );
}

/** An icon-only copy button with an accessible name and a tooltip. */
export function CopyIconButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(text);
  return (
    <Tooltip label={copied ? t('common.copied') : label} withinPortal>
      <ActionIcon
        variant="subtle"
        color={copied ? 'teal' : 'gray'}
        aria-label={label}
        onClick={copy}
      >
        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
