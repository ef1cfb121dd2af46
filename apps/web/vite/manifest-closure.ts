import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';

/**
 * What a page of the build loads before it runs, read from Vite's manifest
 * (`.vite/manifest.json`): shared by the service worker's precache list (vite/pwa.ts), the
 * first-page budget journey (e2e/bundle-budget.e2e.ts) and the bundle report
 * (scripts/bundle-report.ts), so all three count the same files.
 */

export type { Manifest };

export function readManifest(outDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The asset files index.html names (its scripts, preloads, stylesheets). The manifest
 * names no entry: the entry's chunk is the `shell` group's (vite/first-pages.ts).
 */
export function indexHtmlAssets(outDir: string): string[] {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(([, file = '']) => file);
}

/** The manifest keys of what index.html loads. */
export function entryKeys(manifest: Manifest, outDir: string): string[] {
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  return indexHtmlAssets(outDir).flatMap((file) => {
    const key = keyOf.get(file);
    return key ? [key] : [];
  });
}

/** The files the chunks `keys` need before they run: each, its static imports (transitively), their CSS. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) {
      return;
    }
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

/** The manifest key of a chunk group of vite/first-pages.ts (`editor`, `markdown`, …). */
export function groupKey(manifest: Manifest, group: string): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key]?.name === group);
}
