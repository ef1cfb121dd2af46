import { Alert, Badge, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import type { UrlInfo } from '@pastebox/contract/schemas/url-upload';
import { IconAlertTriangle, IconCloudDownload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UploadError } from '@/lib/uploader/errors';
import { formatBytes } from '@/lib/uploader/format';
import type { UploadOptions } from '@/lib/uploader/types';
import { uploadErrorMessage } from '@/lib/uploader/upload-error-message';
import type { StorageChoice } from '@/features/upload/api/get-storage-configs';
import type { UrlUploadState } from '@/features/upload/hooks/use-url-upload';
import { FileOptionsFields, uploadOptionsValid } from './FileOptionsFields';
import { UrlUploadProgress } from './UrlUploadProgress';

export interface UrlAnalysisCardProps {
  info: UrlInfo;
  filename: string;
  onFilenameChange: (name: string) => void;
  options: UploadOptions;
  onOptionsChange: (patch: Partial<UploadOptions>) => void;
  storageChoices: StorageChoice[] | null;
  maxBytes: number;
  state: UrlUploadState;
  onUpload: () => void;
  onCancel: () => void;
  onAnother: () => void;
}

/** What the server learned about the URL, the share options, and the upload itself. */
export function UrlAnalysisCard(props: UrlAnalysisCardProps) {
  const { info, filename, options, state, maxBytes } = props;
  const { t } = useTranslation();
  const running = state.phase === 'downloading' || state.phase === 'uploading';
  const locked = running || state.phase === 'done';
  const tooLarge = info.size !== null && info.size > maxBytes;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t('upload.url.name')}
            value={filename}
            onChange={(event) => props.onFilenameChange(event.currentTarget.value)}
            disabled={locked}
            style={{ flex: '1 1 260px' }}
            maxLength={255}
          />
          <Group gap={6} pb={6}>
            <Badge variant="light" color="gray" tt="none">
              {t('upload.url.type')}: {info.mimetype}
            </Badge>
            <Badge variant="light" color={tooLarge ? 'red' : 'gray'} tt="none">
              {t('upload.url.size')}:{' '}
              {info.size === null ? t('upload.url.unknownSize') : formatBytes(info.size)}
            </Badge>
          </Group>
        </Group>
        {tooLarge && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {uploadErrorMessage(
              t,
              new UploadError('tooLarge', { size: info.size ?? 0, max: maxBytes }),
            )}
          </Alert>
        )}
        <FileOptionsFields
          value={options}
          onChange={props.onOptionsChange}
          storageChoices={props.storageChoices}
          disabled={locked}
        />
        <UrlUploadProgress state={state} filename={filename} onAnother={props.onAnother} />
        {state.phase !== 'done' && (
          <Group justify="flex-end">
            {running ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconX size={16} />}
                onClick={props.onCancel}
              >
                {t('upload.url.cancel')}
              </Button>
            ) : (
              <Button
                leftSection={<IconCloudDownload size={16} />}
                onClick={props.onUpload}
                disabled={tooLarge || filename.trim() === '' || !uploadOptionsValid(options)}
              >
                {t('upload.url.upload')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
