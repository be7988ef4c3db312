import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format';

/** One scrape, parsed by a real Prometheus text-format parser, with lookups by name and labels. */
export interface Scrape {
  text: string;
  families: Map<string, PrometheusFamily>;
  /** the sample of `name` whose labels include `labels`; its value (a counter or gauge), or its count (a histogram) */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

export async function scrape(url: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`scrape of ${url} answered ${response.status}: ${await response.text()}`);
  if (!/^text\/plain/.test(response.headers.get('content-type') ?? '')) throw new Error('a scrape is text/plain (the Prometheus text format)');
  const text = await response.text();
  const families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
  return {
    text,
    families,
    value(name, labels = {}) {
      const sample = families.get(name)?.metrics.find((m: PrometheusSample) =>
        Object.entries(labels).every(([key, value]) => m.labels?.[key] === value));
      if (!sample) return undefined;
      return Number(sample.value ?? sample.count);
    },
  };
}
