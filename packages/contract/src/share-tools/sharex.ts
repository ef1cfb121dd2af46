import {
  ANSWER_ERROR_PATH,
  ANSWER_SLUG_PATH,
  FILE_FORM_FIELD,
  authorizationOf,
  endpointUrl,
  kindsOf,
  shareLinkPrefix,
  toolTitle,
  type ShareToolKind,
  type ShareToolTarget,
  type ToolFile,
} from './target';

/**
 * ShareX custom uploaders (`.sxcu`), the JSON ShareX imports (its `CustomUploaderItem`).
 * One uploader makes one kind of request, so a key that may share files and texts gets
 * two: an image and file uploader on POST /api/upload (multipart, the file in `file`), and
 * a text uploader on POST /api/paste (JSON, the text in `content`).
 */
export interface SharexUploader {
  Version: string;
  Name: string;
  DestinationType: string;
  RequestMethod: 'POST';
  RequestURL: string;
  Headers: Record<string, string>;
  Body: 'MultipartFormData' | 'JSON';
  /** Extra form fields sent before the file: empty ones are ignored by the server. */
  Arguments?: Record<string, string>;
  FileFormName?: string;
  /** The JSON body; ShareX puts the text, JSON-escaped, in place of `{input}`. */
  Data?: string;
  /** The link ShareX copies: `{json:path}` is read from the answer (JSONPath, `$.` implied). */
  URL: string;
  ErrorMessage: string;
}

/**
 * The ShareX version the files are written for: ShareX migrates the `$…$` syntax of files
 * of 13.7.1 and older, and refuses 12.3.1 and older; `{json:…}` needs 14 or newer.
 */
const SHAREX_VERSION = '15.0.0';

/** The file share options an uploader sends, empty until the user fills them in ShareX. */
const FILE_ARGUMENTS = { expires_in: '', max_views: '' } as const;

/**
 * A literal in a field ShareX parses: `{`, `}`, `|` and `\` are its syntax, escaped by `\`
 * (ShareXSyntaxParser), so a base URL or key can never be read as a function.
 */
export function sharexLiteral(text: string): string {
  return text.replace(/[{}|\\]/g, (character) => `\\${character}`);
}

function jsonPathOf(path: readonly string[]): string {
  return path.join('.');
}

/** The uploader of one kind of share for the key. */
export function sharexUploader(target: ShareToolTarget, kind: ShareToolKind): SharexUploader {
  const common = {
    Version: SHAREX_VERSION,
    RequestMethod: 'POST' as const,
    RequestURL: sharexLiteral(endpointUrl(target, kind)),
    Headers: { Authorization: sharexLiteral(authorizationOf(target)) },
    URL: `${sharexLiteral(shareLinkPrefix(target, kind))}{json:${jsonPathOf(ANSWER_SLUG_PATH)}}`,
    ErrorMessage: `{json:${jsonPathOf(ANSWER_ERROR_PATH)}}`,
  };
  if (kind === 'file') {
    return {
      ...common,
      Name: toolTitle(target),
      DestinationType: 'ImageUploader, FileUploader',
      Body: 'MultipartFormData',
      Arguments: { ...FILE_ARGUMENTS },
      FileFormName: FILE_FORM_FIELD,
    };
  }
  return {
    ...common,
    Name: toolTitle(target, 'text'),
    DestinationType: 'TextUploader',
    Body: 'JSON',
    // A plain-text share: what ShareX uploads is clipboard text, not Markdown.
    Data: '{"content":"{input}","format":"text"}',
  };
}

/** The `.sxcu` files for the key: one per kind of share it may create. */
export function sharexFiles(target: ShareToolTarget): ToolFile[] {
  return kindsOf(target).map((kind) => {
    const uploader = sharexUploader(target, kind);
    return {
      fileName: `${uploader.Name}.sxcu`,
      mimeType: 'application/json',
      content: `${JSON.stringify(uploader, null, 2)}\n`,
    };
  });
}
