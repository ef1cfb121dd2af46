import {
  FILE_FORM_FIELD,
  authorizationOf,
  endpointUrl,
  shareLinkPrefix,
  type ShareToolKind,
  type ShareToolTarget,
} from './target';

/**
 * Shell one-liners for Flameshot and plain `curl` (issue 36). The upload calls answer
 * JSON; `sed` picks `"slug":"…"` out of it and prints the share link, so only curl and a
 * POSIX sed are needed to upload a file. A slug is `[A-Za-z0-9_-]` (SPEC §5): it never
 * needs unescaping, and `"slug":"` cannot appear inside another JSON string (its quotes
 * would be escaped there).
 */

export type ShellCommandId = 'flameshot' | 'curl-file' | 'curl-text';

export interface ShellCommand {
  id: ShellCommandId;
  command: string;
}

/** What Flameshot's one-liner starts with: the capture, as PNG bytes on stdout. */
export const FLAMESHOT_CAPTURE = 'flameshot gui --raw';

/** The file the plain curl upload sends, to be replaced by the user's own. */
export const CURL_FILE_PLACEHOLDER = 'screenshot.png';

/** `text` as one shell word, whatever it holds. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The sed program that prints the share link of an upload's answer. */
function linkFilter(target: ShareToolTarget, kind: ShareToolKind): string {
  // `|` delimits the substitution; `\`, `|` and `&` in the replacement stand for themselves.
  const prefix = shareLinkPrefix(target, kind).replace(/[\\|&]/g, (c) => `\\${c}`);
  return `sed -n ${shellQuote(`s|.*"slug":"\\([^"]*\\)".*|${prefix}\\1|p`)}`;
}

function curlFile(target: ShareToolTarget, formValue: string): string {
  return [
    'curl -fsS',
    `-H ${shellQuote(`Authorization: ${authorizationOf(target)}`)}`,
    `-F ${shellQuote(`${FILE_FORM_FIELD}=${formValue}`)}`,
    shellQuote(endpointUrl(target, 'file')),
    `| ${linkFilter(target, 'file')}`,
  ].join(' ');
}

/** Text from stdin as a plain-text share: jq turns it into the JSON body POST /api/paste reads. */
function curlText(target: ShareToolTarget): string {
  return [
    `jq -Rs ${shellQuote('{content: ., format: "text"}')}`,
    '| curl -fsS',
    `-H ${shellQuote(`Authorization: ${authorizationOf(target)}`)}`,
    `-H ${shellQuote('Content-Type: application/json')}`,
    '--data-binary @-',
    shellQuote(endpointUrl(target, 'text')),
    `| ${linkFilter(target, 'text')}`,
  ].join(' ');
}

/** The one-liners the key may use: Flameshot and a file upload with file permission, text with text. */
export function shellCommands(target: ShareToolTarget): ShellCommand[] {
  const commands: ShellCommand[] = [];
  if (target.permissions.file) {
    commands.push({
      id: 'flameshot',
      command: `${FLAMESHOT_CAPTURE} | ${curlFile(target, '@-;filename=screenshot.png;type=image/png')}`,
    });
    commands.push({ id: 'curl-file', command: curlFile(target, `@${CURL_FILE_PLACEHOLDER}`) });
  }
  if (target.permissions.text) {
    commands.push({ id: 'curl-text', command: curlText(target) });
  }
  return commands;
}
