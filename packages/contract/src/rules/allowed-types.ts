/**
 * A file request's allowed types (issue 33), as the contract states them
 * (schemas/file-request.ts `allowedType`): the one rule the server applies before a byte is
 * stored and the request page applies before a byte is sent, so the two never disagree.
 *
 * An extension rule (".pdf", ".tar.gz") looks at the end of the name, and the name must be
 * longer than the extension (".pdf" alone is no PDF); a MIME rule ("image/*",
 * "application/pdf") looks at the declared type without its parameters. Case-insensitive;
 * an empty list allows anything.
 */
export function matchesAllowedTypes(
  allowed: readonly string[],
  filename: string,
  mimetype: string,
): boolean {
  if (allowed.length === 0) {
    return true;
  }
  const name = filename.toLowerCase();
  const type = mimetype.toLowerCase().split(';')[0]?.trim() ?? '';
  return allowed.some((rule) => {
    const pattern = rule.trim().toLowerCase();
    if (pattern.startsWith('.')) {
      return name.endsWith(pattern) && name.length > pattern.length;
    }
    if (pattern.endsWith('/*')) {
      return type.startsWith(pattern.slice(0, -1));
    }
    return type === pattern;
  });
}
