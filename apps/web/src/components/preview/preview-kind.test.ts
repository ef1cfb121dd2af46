import { describe, expect, it } from 'vitest';
import { codeLanguageOf, previewKindOf } from './preview-kind';

describe('previewKindOf', () => {
  it('shows images, video, audio and PDF by their type', () => {
    expect(previewKindOf('cat.png', 'image/png')).toBe('image');
    expect(previewKindOf('clip.mp4', 'video/mp4')).toBe('video');
    expect(previewKindOf('song.mp3', 'audio/mpeg')).toBe('audio');
    expect(previewKindOf('paper.pdf', 'application/pdf')).toBe('pdf');
  });

  it('renders every Markdown extension of SPEC §5, whatever the type says', () => {
    for (const ext of ['md', 'markdown', 'mdown', 'mkd', 'mdwn', 'mdtxt', 'mdtext', 'rmd', 'MD']) {
      expect(previewKindOf(`notes.${ext}`, 'application/octet-stream')).toBe('markdown');
    }
  });

  it('shows text and code as text, including code sent as octet-stream', () => {
    expect(previewKindOf('a.txt', 'text/plain')).toBe('text');
    expect(previewKindOf('data.json', 'application/json')).toBe('text');
    expect(previewKindOf('main.rs', 'application/octet-stream')).toBe('text');
    expect(previewKindOf('server.log', '')).toBe('text');
  });

  it('trusts a code extension over the type a browser guessed (.ts is not MPEG-TS video)', () => {
    expect(previewKindOf('app.ts', 'video/mp2t')).toBe('text');
    expect(previewKindOf('clip.mp4', 'video/mp4')).toBe('video');
  });

  it('goes by the extension when the stored type says nothing', () => {
    expect(previewKindOf('song.mp3', 'application/octet-stream')).toBe('audio');
    expect(previewKindOf('photo.JPG', '')).toBe('image');
    expect(previewKindOf('talk.webm', 'application/octet-stream')).toBe('video');
    expect(previewKindOf('paper.pdf', 'application/octet-stream')).toBe('none');
    // A declared type is not second-guessed.
    expect(previewKindOf('song.mp3', 'application/zip')).toBe('none');
  });

  it('never previews SVG as an image (it could carry script)', () => {
    expect(previewKindOf('logo.svg', 'image/svg+xml')).toBe('text');
  });

  it('has no preview for archives and other binaries', () => {
    expect(previewKindOf('backup.zip', 'application/zip')).toBe('none');
    expect(previewKindOf('blob', 'application/octet-stream')).toBe('none');
  });
});

describe('codeLanguageOf', () => {
  it('maps extensions to highlight.js languages', () => {
    expect(codeLanguageOf('app.tsx', 'text/plain')).toBe('typescript');
    expect(codeLanguageOf('Dockerfile', 'text/plain')).toBe('dockerfile');
    expect(codeLanguageOf('x', 'application/json')).toBe('json');
    expect(codeLanguageOf('readme.txt', 'text/plain')).toBeNull();
  });
});
