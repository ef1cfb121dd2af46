/** A device as a person recognises it: "Chrome on Linux". Either part may be unknown. */
export interface DeviceSummary {
  browser: string | null;
  os: string | null;
}

/**
 * Browsers, most specific first: Edge, Opera and Samsung Internet also say "Chrome", and
 * Chrome also says "Safari", so the order decides. Command-line clients come last.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:HeadlessChrome|Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
  [/\bWget\//i, 'Wget'],
  [/\bpython-requests\//i, 'Python'],
  [/^node\b|\bundici\b/i, 'Node.js'],
];

/** Systems, most specific first: Android says "Linux", iOS says "like Mac OS X". */
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(table: [RegExp, string][], text: string): string | null {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/**
 * Summarises a User-Agent header as browser and system, e.g. { Chrome, Linux }, so a
 * sessions list reads as devices rather than as header strings.
 */
export function summariseUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const text = userAgent ?? '';
  return { browser: firstMatch(BROWSERS, text), os: firstMatch(SYSTEMS, text) };
}
