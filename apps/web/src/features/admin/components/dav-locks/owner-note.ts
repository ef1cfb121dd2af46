/** How much of a client's owner note the list shows; the rest is the client's business. */
const NOTE_MAX_LENGTH = 200;

/** The text content of an XML fragment; tags stripped by hand when it does not parse alone. */
function textOf(fragment: string): string {
  const parsed = new DOMParser().parseFromString(`<owner>${fragment}</owner>`, 'application/xml');
  if (parsed.getElementsByTagName('parsererror').length === 0) {
    return parsed.documentElement.textContent ?? '';
  }
  return fragment.replace(/<[^>]*>/g, ' ');
}

/**
 * What a client wrote as a lock's DAV:owner (RFC 4918 §14.17), as plain text: usually an
 * href with a URL or user name, sometimes free XML. Shown as text, never as markup; null
 * when there is none.
 */
export function ownerNote(ownerXml: string | null): string | null {
  if (!ownerXml) {
    return null;
  }
  const text = textOf(ownerXml).replace(/\s+/g, ' ').trim();
  if (!text) {
    return null;
  }
  return text.length > NOTE_MAX_LENGTH ? `${text.slice(0, NOTE_MAX_LENGTH)}…` : text;
}
