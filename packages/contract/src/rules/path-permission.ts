function trimTrailingSlashes(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * SPEC §5 path permission: admins may use any path; a key user only paths equal to or
 * under its basic_path (trailing slashes ignored); a basic_path of / allows everything.
 */
export function isPathAllowed(basicPath: string, path: string): boolean {
  const base = trimTrailingSlashes(basicPath);
  if (base === '/') {
    return true;
  }
  const target = trimTrailingSlashes(path);
  return target === base || target.startsWith(`${base}/`);
}
