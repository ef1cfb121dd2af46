/** One sample of the Prometheus text format: `name{label="value",…} 12.5`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/**
 * A sample's value as Prometheus reads it (Go's ParseFloat): a number, `+Inf`, `-Inf`, or
 * NaN in any case — prom-client writes an empty summary's mean as `Nan`. Null otherwise.
 */
function sampleValue(text: string): number | null {
  if (/^nan$/i.test(text)) {
    return Number.NaN;
  }
  const value = Number(text);
  return Number.isNaN(value) ? null : value;
}

/**
 * Parses the text exposition format (what Prometheus reads from /metrics) into samples,
 * checking each line as it goes: a comment is `# HELP` or `# TYPE`, anything else a sample
 * with a number, so a malformed answer fails the test that reads it.
 */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) {
      continue;
    }
    const match = SAMPLE.exec(line);
    const value = sampleValue(match?.[3] ?? '');
    if (!match?.[1] || value === null) {
      throw new Error(`not a Prometheus sample: ${line}`);
    }
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL)) {
      labels[key as string] = JSON.parse(`"${raw}"`) as string;
    }
    samples.push({ name: match[1], labels, value });
  }
  return samples;
}

/** The samples named `name` whose labels include every one of `labels`. */
export function samplesOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The sum of the matching samples' values (0 when there is none). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}
