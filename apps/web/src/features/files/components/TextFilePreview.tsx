import { PreviewFailed, TextPreview, TextPreviewLoading } from '@/components/preview/TextPreview';
import { TEXT_PREVIEW_BYTES, useFileText } from '@/features/files/api/get-file-text';

export interface TextFilePreviewProps {
  previewUrl: string;
  filename: string;
  mimetype: string;
  size: number;
  markdown: boolean;
}

/** The start of a shared text file, fetched through this visit's preview link. */
export function TextFilePreview(props: TextFilePreviewProps) {
  const { previewUrl, filename, mimetype, size, markdown } = props;
  const query = useFileText(previewUrl, size);

  if (query.isPending) {
    return <TextPreviewLoading />;
  }
  if (query.isError) {
    return <PreviewFailed />;
  }
  return (
    <TextPreview
      text={query.data.text}
      filename={filename}
      mimetype={mimetype}
      markdown={markdown}
      truncatedAt={query.data.truncated ? TEXT_PREVIEW_BYTES : null}
    />
  );
}
