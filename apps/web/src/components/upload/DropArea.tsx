import '@mantine/dropzone/styles.layer.css';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCloudUpload, IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface DropAreaProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean | undefined;
  /** The area's name (also the hidden input's): what to do here. */
  title: string;
  /** Said instead of the title while files are dragged over, if given. */
  dropTitle?: string | undefined;
  /** The lines under the title (hints, limits). */
  children?: ReactNode;
  /** `lg`: the upload page's big area; `md`: one among other parts of a page. */
  size?: 'md' | 'lg';
}

const SIZES = {
  md: { gap: 'md', height: 120, icon: 48, glyph: 26, title: undefined },
  lg: { gap: 'lg', height: 150, icon: 56, glyph: 30, title: 'lg' },
} as const;

/**
 * Drop files here, or click (Enter/Space) to choose several. Every file is handed over:
 * the page checks type and size and names what it refuses, rather than the browser
 * refusing in silence.
 */
export function DropArea({
  onFiles,
  disabled,
  title,
  dropTitle,
  children,
  size = 'md',
}: DropAreaProps) {
  const look = SIZES[size];
  const heading = (text: string) => (
    <Text size={look.title} fw={600}>
      {text}
    </Text>
  );
  return (
    <Dropzone
      onDrop={onFiles}
      multiple
      disabled={disabled}
      radius="md"
      aria-label={title}
      // The hidden file input is focusable by assistive tech: it needs its own name.
      inputProps={{ 'aria-label': title }}
      styles={{ root: { borderWidth: 2 } }}
    >
      <Group
        justify="center"
        gap={look.gap}
        mih={look.height}
        style={{ pointerEvents: 'none' }}
        wrap="nowrap"
      >
        <Dropzone.Accept>
          <ThemeIcon size={look.icon} radius="xl" variant="light">
            <IconDownload size={look.glyph} />
          </ThemeIcon>
        </Dropzone.Accept>
        <Dropzone.Idle>
          <ThemeIcon size={look.icon} radius="xl" variant="light" color="gray">
            <IconCloudUpload size={look.glyph} />
          </ThemeIcon>
        </Dropzone.Idle>
        <Stack gap={4} maw={size === 'lg' ? 480 : undefined}>
          {dropTitle === undefined ? (
            heading(title)
          ) : (
            <>
              <Dropzone.Accept>{heading(dropTitle)}</Dropzone.Accept>
              <Dropzone.Idle>{heading(title)}</Dropzone.Idle>
            </>
          )}
          {children}
        </Stack>
      </Group>
    </Dropzone>
  );
}
