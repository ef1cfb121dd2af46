import {
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
 * The settings of an iOS Shortcut (issue 36). A `.shortcut` file must be signed by Apple,
 * so none can be generated: the recipe lists, action by action, what to set in the
 * Shortcuts app — "Get Contents of URL", then "Get Dictionary Value" for each key of the
 * answer on the way to the slug, then the link as Text, copied to the clipboard.
 */
export interface ShortcutRecipe {
  title: string;
  /** What the Share Sheet hands the shortcut. */
  receives: string[];
  get_contents_of_url: {
    url: string;
    method: 'POST';
    headers: Record<string, string>;
    request_body: 'Form' | 'JSON';
    /** The fields of the body; "Shortcut Input" is the shared file or text. */
    fields: { key: string; type: 'File' | 'Text'; value: string }[];
  };
  /** One "Get Dictionary Value" action per key, each reading the previous one's value. */
  get_dictionary_value: string[];
  /** The Text action: the last Dictionary Value in place of `{slug}`. */
  text: string;
  then: string[];
}

const SHORTCUT_INPUT = 'Shortcut Input';

function recipeOf(target: ShareToolTarget, kind: ShareToolKind): ShortcutRecipe {
  const file = kind === 'file';
  return {
    title: file ? 'Share a file to Pastebox' : 'Share text to Pastebox',
    receives: file ? ['Images', 'Files', 'Media'] : ['Text'],
    get_contents_of_url: {
      url: endpointUrl(target, kind),
      method: 'POST',
      headers: { Authorization: authorizationOf(target) },
      request_body: file ? 'Form' : 'JSON',
      fields: file
        ? [{ key: FILE_FORM_FIELD, type: 'File', value: SHORTCUT_INPUT }]
        : [
            { key: 'content', type: 'Text', value: SHORTCUT_INPUT },
            { key: 'format', type: 'Text', value: 'text' },
          ],
    },
    get_dictionary_value: [...ANSWER_SLUG_PATH],
    text: `${shareLinkPrefix(target, kind)}{slug}`,
    then: ['Copy to Clipboard'],
  };
}

/** The recipes for the key, one per kind of share it may create. */
export function shortcutRecipes(target: ShareToolTarget): ShortcutRecipe[] {
  return kindsOf(target).map((kind) => recipeOf(target, kind));
}

/** The recipe as a JSON file to download. */
export function shortcutRecipeFile(target: ShareToolTarget): ToolFile {
  const title = toolTitle(target);
  const document = {
    name: title,
    how_to:
      'In the Shortcuts app, make one shortcut per entry of "shortcuts": turn on "Show in ' +
      'Share Sheet" for what it receives, then add the actions in this order with these values.',
    shortcuts: shortcutRecipes(target),
  };
  return {
    fileName: `${title} iOS Shortcut.json`,
    mimeType: 'application/json',
    content: `${JSON.stringify(document, null, 2)}\n`,
  };
}
