import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UrlInfo } from '@pastebox/contract/schemas/url-upload';
import { IconLink, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadOptions } from '@/lib/uploader/types';
import { uploadErrorMessage } from '@/lib/uploader/upload-error-message';
import type { StorageChoice } from '@/features/upload/api/get-storage-configs';
import { useUrlInfo } from '@/features/upload/api/get-url-info';
import { useUrlUpload } from '@/features/upload/hooks/use-url-upload';
import { DEFAULT_UPLOAD_OPTIONS } from '@/features/upload/lib/upload-options';
import { isHttpUrl } from '@/features/upload/lib/url-check';
import { UrlAnalysisCard } from './UrlAnalysisCard';

export interface UrlTabProps {
  maxBytes: number;
  storageChoices: StorageChoice[] | null;
}

/** The URL tab (SPEC §4): analyse a link, then download and upload it with progress. */
export function UrlTab({ maxBytes, storageChoices }: UrlTabProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [info, setInfo] = useState<UrlInfo | null>(null);
  const [filename, setFilename] = useState('');
  const [options, setOptions] = useState<UploadOptions>(DEFAULT_UPLOAD_OPTIONS);
  const analyse = useUrlInfo();
  const upload = useUrlUpload();
  const running = upload.state.phase === 'downloading' || upload.state.phase === 'uploading';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isHttpUrl(url)) {
      setUrlError(t('upload.url.invalid'));
      return;
    }
    setUrlError(null);
    analyse.mutate(url.trim(), {
      onSuccess: (answer) => {
        upload.reset();
        setInfo(answer);
        setFilename(answer.filename);
      },
      onError: (error) => setUrlError(uploadErrorMessage(t, error)),
    });
  };

  const providerTypeOf = (configId: string | null) =>
    storageChoices?.find((choice) => (configId ? choice.id === configId : choice.isDefault))
      ?.storageType ?? null;

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap={6}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('upload.url.label')}
              placeholder={t('upload.url.placeholder')}
              value={url}
              onChange={(event) => {
                setUrl(event.currentTarget.value);
                setUrlError(null);
              }}
              error={urlError}
              leftSection={<IconLink size={16} />}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              disabled={running}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button
              type="submit"
              mt={25}
              leftSection={<IconSearch size={16} />}
              loading={analyse.isPending}
              disabled={running}
            >
              {t('upload.url.analyse')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('upload.url.hint')}
          </Text>
        </Stack>
      </form>
      {info && (
        <UrlAnalysisCard
          info={info}
          filename={filename}
          onFilenameChange={setFilename}
          options={options}
          onOptionsChange={(patch) => setOptions((old) => ({ ...old, ...patch }))}
          storageChoices={storageChoices}
          maxBytes={Math.min(maxBytes, info.max_upload_size_bytes || maxBytes)}
          state={upload.state}
          onUpload={() =>
            upload.start({
              info,
              filename: filename.trim(),
              options,
              maxBytes,
              providerType: providerTypeOf(options.storageConfigId),
            })
          }
          onCancel={upload.cancel}
          onAnother={() => {
            upload.reset();
            setInfo(null);
            setUrl('');
            setOptions(DEFAULT_UPLOAD_OPTIONS);
          }}
        />
      )}
    </Stack>
  );
}
