import type { MermaidConfig } from 'mermaid';

let diagramCounter = 0;

/**
 * Turns each ```mermaid block left by the renderer into a placeholder that remembers its
 * source, so the diagram can be drawn again when the theme changes. Returns the
 * placeholders still to draw (all of them).
 */
function collectBlocks(container: HTMLElement): HTMLElement[] {
  for (const code of container.querySelectorAll<HTMLElement>('pre > code.language-mermaid')) {
    const pre = code.parentElement;
    if (!pre) {
      continue;
    }
    const block = document.createElement('div');
    block.className = 'pb-mermaid';
    block.dataset.source = code.textContent ?? '';
    block.append(pre.cloneNode(true));
    pre.replaceWith(block);
  }
  return [...container.querySelectorAll<HTMLElement>('div.pb-mermaid')];
}

function showError(block: HTMLElement, message: string): void {
  const source = block.dataset.source ?? '';
  const note = document.createElement('div');
  note.className = 'pb-mermaid-error';
  note.textContent = message;
  const pre = document.createElement('pre');
  const code = document.createElement('code');
  code.textContent = source;
  pre.append(code);
  block.replaceChildren(note, pre);
  block.style.display = 'block';
}

/**
 * Draws the mermaid diagrams inside `container`. mermaid (large) is imported only when a
 * diagram exists, and runs with securityLevel 'strict' so labels cannot carry HTML or
 * script. `isCancelled` lets a newer render win.
 */
export async function renderMermaidBlocks(
  container: HTMLElement,
  dark: boolean,
  errorText: string,
  isCancelled: () => boolean,
): Promise<void> {
  const blocks = collectBlocks(container);
  if (blocks.length === 0) {
    return;
  }
  const { default: mermaid } = await import('mermaid');
  const config: MermaidConfig = {
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    fontFamily: 'inherit',
    // We show our own message; mermaid's error graphic would land outside the preview.
    suppressErrorRendering: true,
  };
  mermaid.initialize(config);
  for (const block of blocks) {
    if (isCancelled()) {
      return;
    }
    diagramCounter += 1;
    try {
      const { svg } = await mermaid.render(
        `pb-mermaid-${diagramCounter}`,
        block.dataset.source ?? '',
      );
      if (!isCancelled()) {
        // Mermaid's strict mode sanitizes the SVG it produces (DOMPurify inside mermaid).
        block.innerHTML = svg;
        block.style.display = '';
      }
    } catch (error) {
      showError(block, `${errorText}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
