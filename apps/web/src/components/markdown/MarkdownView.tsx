import './markdown.css';
import { Skeleton, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMermaidBlocks } from './mermaid-blocks';
import type * as Renderer from './render-markdown';

type RendererModule = typeof Renderer;

let rendererPromise: Promise<RendererModule> | null = null;

/** Loads the (heavy) Markdown renderer once; later calls share the same promise. */
export function loadMarkdownRenderer(): Promise<RendererModule> {
  rendererPromise ??= import('./render-markdown');
  return rendererPromise;
}

export interface MarkdownViewProps {
  source: string;
  /** Receives the element holding the rendered HTML (exports read it). */
  containerRef?: Ref<HTMLDivElement>;
  /** Shown instead of an empty body. */
  emptyText?: string;
}

/**
 * Rendered, sanitized Markdown (GFM, KaTeX, highlighted code, mermaid drawn on demand).
 * The renderer is fetched lazily so pages that merely link here stay light.
 */
export function MarkdownView({ source, containerRef, emptyText }: MarkdownViewProps) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const [rendered, setRendered] = useState<{ source: string; html: string } | null>(null);
  const bodyRef = useRef<HTMLDivElement | null>(null);
  const mergedRef = useMergedRef(bodyRef, containerRef);

  useEffect(() => {
    // Nothing to render: an empty editor (the home page) does not fetch the renderer yet.
    if (source.trim() === '') {
      return;
    }
    let cancelled = false;
    loadMarkdownRenderer()
      .then(({ renderMarkdownToHtml }) => renderMarkdownToHtml(source))
      .then((html) => {
        if (!cancelled) {
          setRendered({ source, html });
        }
      })
      .catch(() => {
        if (!cancelled) {
          setRendered({ source, html: '' });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [source]);

  const blank = source.trim() === '';
  const html = blank ? '' : (rendered?.html ?? null);
  const errorText = t('markdown.mermaidError');
  useEffect(() => {
    const container = bodyRef.current;
    if (!container || !html) {
      return;
    }
    let cancelled = false;
    void renderMermaidBlocks(container, dark, errorText, () => cancelled);
    return () => {
      cancelled = true;
    };
  }, [html, dark, errorText]);

  if (html === null) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('markdown.rendering')}>
        <Skeleton height={14} width="60%" />
        <Skeleton height={14} />
        <Skeleton height={14} width="85%" />
      </Stack>
    );
  }
  if (blank && emptyText) {
    return (
      <Text c="dimmed" fs="italic">
        {emptyText}
      </Text>
    );
  }
  return (
    <div
      ref={mergedRef}
      className="pb-markdown"
      data-testid="markdown-body"
      // The HTML comes from renderMarkdownToHtml: raw HTML dropped, sanitized twice.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
