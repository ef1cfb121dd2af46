/** A file name for exports: "pastebox-YYYYMMDD-HHMM". */
export function exportBaseName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  return `pastebox-${date}-${pad(now.getHours())}${pad(now.getMinutes())}`;
}
