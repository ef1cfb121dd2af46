import { describe, expect, it } from 'vitest';
import { matchesAllowedTypes } from './allowed-types';

describe('matchesAllowedTypes (file requests, issue 33)', () => {
  it('takes anything when no type is listed', () => {
    expect(matchesAllowedTypes([], 'a.exe', 'application/x-msdownload')).toBe(true);
    expect(matchesAllowedTypes([], '', '')).toBe(true);
  });

  it('matches extensions by the end of the name, case-insensitively', () => {
    expect(matchesAllowedTypes(['.pdf'], 'Report.PDF', '')).toBe(true);
    expect(matchesAllowedTypes(['.PDF'], 'report.pdf', '')).toBe(true);
    expect(matchesAllowedTypes(['.tar.gz'], 'logs.tar.gz', '')).toBe(true);
    expect(matchesAllowedTypes(['.gz'], 'logs.tar.gz', '')).toBe(true);
    expect(matchesAllowedTypes(['.tar.gz'], 'logs.gz', '')).toBe(false);
    expect(matchesAllowedTypes(['.pdf'], 'report.pdf.exe', '')).toBe(false);
    expect(matchesAllowedTypes(['.pdf'], 'reportpdf', '')).toBe(false);
  });

  it('does not take the bare extension as a name', () => {
    expect(matchesAllowedTypes(['.pdf'], '.pdf', 'application/pdf')).toBe(false);
  });

  it('matches an extension whatever the declared type', () => {
    expect(matchesAllowedTypes(['.pdf'], 'doc.pdf', 'x/y')).toBe(true);
  });

  it('matches MIME patterns on the declared type, wildcards by family', () => {
    expect(matchesAllowedTypes(['image/*'], 'x.bin', 'image/png')).toBe(true);
    expect(matchesAllowedTypes(['image/*'], 'x.bin', 'IMAGE/PNG')).toBe(true);
    expect(matchesAllowedTypes(['image/*'], 'x.png', '')).toBe(false);
    expect(matchesAllowedTypes(['image/*'], 'x.png', 'imagex/png')).toBe(false);
    expect(matchesAllowedTypes(['application/pdf'], 'x', 'application/pdf; charset=x')).toBe(true);
    expect(matchesAllowedTypes(['application/pdf'], 'x', 'application/pdfx')).toBe(false);
  });

  it('takes a file any one rule matches', () => {
    expect(matchesAllowedTypes(['image/*', '.pdf'], 'cv.pdf', 'application/pdf')).toBe(true);
    expect(matchesAllowedTypes(['image/*', '.pdf'], 'run.exe', 'application/octet-stream')).toBe(
      false,
    );
  });

  it('reads rules as stored or as typed (spaces, case)', () => {
    expect(matchesAllowedTypes([' .PDF '], 'a.pdf', '')).toBe(true);
  });
});
