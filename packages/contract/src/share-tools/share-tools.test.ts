import { describe, expect, it } from 'vitest';
import { shortcutRecipeFile, shortcutRecipes } from './ios-shortcut';
import { sharexFiles, sharexLiteral, sharexUploader } from './sharex';
import { shellCommands, shellQuote } from './shell';
import type { ShareToolTarget } from './target';

const target: ShareToolTarget = {
  apiBase: 'https://api.example.com',
  appBase: 'https://paste.example.com',
  key: 'k3y_-AbC',
  keyName: 'Laptop',
  permissions: { file: true, text: true },
};

describe('ShareX uploaders', () => {
  it('uploads files as ShareX expects: multipart to /api/upload, the link from data.slug', () => {
    expect(sharexUploader(target, 'file')).toEqual({
      Version: '15.0.0',
      Name: 'Pastebox (Laptop)',
      DestinationType: 'ImageUploader, FileUploader',
      RequestMethod: 'POST',
      RequestURL: 'https://api.example.com/api/upload',
      Headers: { Authorization: 'ApiKey k3y_-AbC' },
      Body: 'MultipartFormData',
      Arguments: { expires_in: '', max_views: '' },
      FileFormName: 'file',
      URL: 'https://paste.example.com/file/{json:data.slug}',
      ErrorMessage: '{json:message}',
    });
  });

  it('uploads texts as JSON to /api/paste and links the paste page', () => {
    const text = sharexUploader(target, 'text');
    expect(text).toMatchObject({
      Name: 'Pastebox text (Laptop)',
      DestinationType: 'TextUploader',
      RequestURL: 'https://api.example.com/api/paste',
      Body: 'JSON',
      URL: 'https://paste.example.com/paste/{json:data.slug}',
    });
    expect(JSON.parse(text.Data!.replace('{input}', 'hi'))).toEqual({
      content: 'hi',
      format: 'text',
    });
  });

  it('offers only what the key may create, named after the key', () => {
    const names = (permissions: ShareToolTarget['permissions']) =>
      sharexFiles({ ...target, permissions }).map((file) => file.fileName);
    expect(names({ file: true, text: true })).toEqual([
      'Pastebox (Laptop).sxcu',
      'Pastebox text (Laptop).sxcu',
    ]);
    expect(names({ file: false, text: true })).toEqual(['Pastebox text (Laptop).sxcu']);
    expect(names({ file: true, text: false })).toEqual(['Pastebox (Laptop).sxcu']);
    expect(names({ file: false, text: false })).toEqual([]);
  });

  it('keeps file names valid and escapes ShareX syntax in literals', () => {
    const [file] = sharexFiles({ ...target, keyName: 'a/b:c*?"<>|d' });
    expect(file?.fileName).toBe('Pastebox (a_b_c______d).sxcu');
    expect(JSON.parse(file!.content)).toMatchObject({ Name: 'Pastebox (a_b_c______d)' });
    expect(sharexLiteral('x{y}|z\\')).toBe('x\\{y\\}\\|z\\\\');
  });
});

describe('shell one-liners', () => {
  it('pipes Flameshot into curl and prints the share link with sed', () => {
    const [flameshot, curlFile, curlText] = shellCommands(target);
    expect(flameshot?.command).toBe(
      "flameshot gui --raw | curl -fsS -H 'Authorization: ApiKey k3y_-AbC' " +
        "-F 'file=@-;filename=screenshot.png;type=image/png' 'https://api.example.com/api/upload' " +
        `| sed -n 's|.*"slug":"\\([^"]*\\)".*|https://paste.example.com/file/\\1|p'`,
    );
    expect(curlFile?.command).toContain("-F 'file=@screenshot.png'");
    expect(curlText?.command).toMatch(
      /^jq -Rs .* --data-binary @- 'https:\/\/api\.example\.com\/api\/paste' \| sed /,
    );
    expect(curlText?.command).toContain('https://paste.example.com/paste/\\1');
  });

  it('offers the text one-liner alone to a text-only key', () => {
    const ids = shellCommands({ ...target, permissions: { file: false, text: true } });
    expect(ids.map((command) => command.id)).toEqual(['curl-text']);
  });

  it('quotes any text as one word', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});

describe('iOS Shortcut recipe', () => {
  it('names the call, the form field and the dictionary keys that lead to the link', () => {
    const [file, text] = shortcutRecipes(target);
    expect(file?.get_contents_of_url).toEqual({
      url: 'https://api.example.com/api/upload',
      method: 'POST',
      headers: { Authorization: 'ApiKey k3y_-AbC' },
      request_body: 'Form',
      fields: [{ key: 'file', type: 'File', value: 'Shortcut Input' }],
    });
    expect(file?.get_dictionary_value).toEqual(['data', 'slug']);
    expect(file?.text).toBe('https://paste.example.com/file/{slug}');
    expect(text?.get_contents_of_url.request_body).toBe('JSON');
    expect(text?.text).toBe('https://paste.example.com/paste/{slug}');
  });

  it('downloads as JSON named after the key', () => {
    const file = shortcutRecipeFile(target);
    expect(file.fileName).toBe('Pastebox (Laptop) iOS Shortcut.json');
    expect(JSON.parse(file.content)).toMatchObject({ name: 'Pastebox (Laptop)' });
  });
});
