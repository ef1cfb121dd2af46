import http from 'node:http';
import type { SharexUploader } from '@pastebox/contract/share-tools/sharex';

/**
 * ShareX's side of a custom uploader, ported from its source (ShareX.UploadersLib:
 * CustomUploaderItem, Uploader.SendRequestFile, RequestHelpers, ShareXSyntaxParser,
 * CustomUploaderFunctionJson), so a test sends the bytes ShareX sends and reads the
 * answer the way ShareX reads it.
 */

export const SHAREX_USER_AGENT = 'ShareX/17.0.0';

export interface SharexAnswer {
  status: number;
  text: string;
}

/** ShareX's syntax: `{name:arg|arg}` calls a function, `\` escapes; only `json` is needed here. */
export function parseSharexSyntax(text: string, responseText: string): string {
  let position = 0;
  const parse = (isFunction: boolean): string => {
    let output = '';
    let escape = false;
    for (; position < text.length; position += 1) {
      const character = text.charAt(position);
      if (!escape) {
        if (character === '{') {
          position += 1;
          output += parse(true);
          continue;
        }
        if (character === '}' || character === '|') {
          break;
        }
        if (character === '\\') {
          escape = true;
          continue;
        }
        if (isFunction && character === ':') {
          const parameters: string[] = [];
          do {
            position += 1;
            parameters.push(parse(false));
          } while (text.charAt(position) === '|');
          return callFunction(output, parameters, responseText);
        }
      }
      escape = false;
      output += character;
    }
    return isFunction ? callFunction(output, [], responseText) : output;
  };
  return parse(false);
}

/** `{json:path}` or `{json:input|path}`: JSONPath with `$.` implied, as Newtonsoft's SelectToken. */
function callFunction(name: string, parameters: string[], responseText: string): string {
  if (name.toLowerCase() !== 'json' || parameters.length === 0) {
    throw new Error(`ShareX function not emulated: ${name}`);
  }
  const [input, path] =
    parameters.length > 1 ? [parameters[0], parameters[1]] : [responseText, parameters[0]];
  let token: unknown = JSON.parse(input ?? '');
  for (const step of (path ?? '').replace(/^\$\./, '').split('.')) {
    token = (token as Record<string, unknown> | null)?.[step];
  }
  if (typeof token === 'string' || typeof token === 'number' || typeof token === 'boolean') {
    return String(token);
  }
  // Newtonsoft casts only a value to string; an object, an array or nothing is no link.
  return '';
}

/** MimeTypes.GetMimeTypeFromFileName, for the few types a screenshot tool sends. */
function mimeTypeOf(fileName: string): string {
  const extension = fileName.split('.').pop()?.toLowerCase();
  const known: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', txt: 'text/plain' };
  return known[extension ?? ''] ?? 'application/octet-stream';
}

/** A request as HttpWebRequest sends it: a Content-Length, ShareX's User-Agent, no chunks. */
function send(uploader: SharexUploader, contentType: string, body: Buffer): Promise<SharexAnswer> {
  const headers: Record<string, string> = {
    'User-Agent': SHAREX_USER_AGENT,
    'Content-Type': contentType,
    'Content-Length': String(body.length),
    Expect: '100-continue',
  };
  for (const [name, value] of Object.entries(uploader.Headers)) {
    headers[name] = parseSharexSyntax(value, '');
  }
  const url = parseSharexSyntax(uploader.RequestURL, '');
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: uploader.RequestMethod, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    // HttpWebRequest sends the body once the server said 100 Continue.
    request.on('continue', () => request.end(body));
  });
}

/** CustomFileUploader: the arguments, then the file under FileFormName (SendRequestFile). */
export function uploadFileLikeSharex(
  uploader: SharexUploader,
  file: { name: string; bytes: Buffer },
): Promise<SharexAnswer> {
  const boundary = `${'-'.repeat(20)}${(BigInt(Date.now()) * 10_000n + 621_355_968_000_000_000n).toString(16)}`;
  const argumentsPart = Object.entries(uploader.Arguments ?? {})
    .map(([name, value]) => {
      const parsed = parseSharexSyntax(value, '');
      return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${parsed}\r\n`;
    })
    .join('');
  const open =
    `--${boundary}\r\nContent-Disposition: form-data; name="${uploader.FileFormName ?? ''}"; ` +
    `filename="${file.name}"\r\nContent-Type: ${mimeTypeOf(file.name)}\r\n\r\n`;
  const body = Buffer.concat([
    Buffer.from(argumentsPart + open, 'utf8'),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  ]);
  return send(uploader, `multipart/form-data; boundary=${boundary}`, body);
}

/** CustomTextUploader with a JSON body: `{input}` replaced by the text, JSON-escaped. */
export function uploadTextLikeSharex(
  uploader: SharexUploader,
  text: string,
): Promise<SharexAnswer> {
  const escaped = JSON.stringify(text).slice(1, -1);
  const data = (uploader.Data ?? '').replace(/\{input\}/gi, escaped);
  return send(uploader, 'application/json', Buffer.from(data, 'utf8'));
}

/** ParseResponse: the URL on a 2xx answer, the ErrorMessage otherwise. */
export function sharexResult(uploader: SharexUploader, answer: SharexAnswer) {
  const success = answer.status >= 200 && answer.status < 300;
  return success
    ? { url: parseSharexSyntax(uploader.URL, answer.text) }
    : { error: parseSharexSyntax(uploader.ErrorMessage, answer.text) };
}
