/**
 * Email-client support of the HTML and CSS features an email uses (checkEmailBodyFeatureSupport,
 * checkEmailClientSupport), from the caniemail.com data as @jsx-email/doiuse-email ships and reads it.
 *
 * Everything comes from the package's public API:
 *  - which features the HTML uses: its own detectors (DoIUseEmail.check), recorded instead of judged;
 *  - each feature's status in each client: DoIUseEmail.checkFeaturesSupport for that one client
 *    (an error is "not supported", a warning "partial", neither "supported"; a feature without data
 *    for the client is "unknown"), and the caniemail notes it prints for that client;
 *  - a feature's caniemail slug: the link getSupportedFeatures gives it.
 * The package reads only the newest tested version of each client and names neither it nor the
 * note numbers nor the feature's description, so those fields of the client's model stay empty.
 */
import { DoIUseEmail } from '@jsx-email/doiuse-email';
import { badRequest } from '../../core/errors.js';

export type SupportStatus = 'SUPPORTED' | 'PARTIAL' | 'NOT_SUPPORTED' | 'UNKNOWN';
const STATUSES: readonly SupportStatus[] = ['SUPPORTED', 'PARTIAL', 'NOT_SUPPORTED', 'UNKNOWN'];

export interface SlugName { slug: string; name: string }
export interface EmailFeatureSupportFlags { status: SupportStatus; notes: string[] | null }
export interface EmailFeatureVersionStatistics { version: string; supportFlags: EmailFeatureSupportFlags }
export interface EmailFeaturePlatformStatistics { platform: string; versions: EmailFeatureVersionStatistics[] }
export interface EmailFeatureFamilyStatistics { feature: string; family: string; platforms: EmailFeaturePlatformStatistics[] }
export interface EmailFeatureOverview {
  feature: string;
  title: string | null;
  description: string | null;
  category: string;
  notes: string | null;
  notesNumbers: Record<string, string> | null;
  featureStatistics: EmailFeatureFamilyStatistics[];
  statuses: SupportStatus[];
}
export interface EmailFeatureSupportResult {
  names: { family: SlugName[]; platform: SlugName[]; category: SlugName[] };
  detectedFeatures: string[];
  featureOverviews: EmailFeatureOverview[];
  featurePercentages: Array<{ status: SupportStatus; percentage: number }>;
}

/*
 * Display names of caniemail's slugs, as caniemail.com's data ("nicenames") gives them; the package
 * carries that data but does not export it.
 */
const FAMILY_NAMES: Record<string, string> = {
  'apple-mail': 'Apple Mail', gmail: 'Gmail', orange: 'Orange', outlook: 'Outlook', yahoo: 'Yahoo! Mail', aol: 'AOL',
  'samsung-email': 'Samsung Email', sfr: 'SFR', thunderbird: 'Mozilla Thunderbird', protonmail: 'ProtonMail', hey: 'HEY',
  'mail-ru': 'Mail.ru', fastmail: 'Fastmail', laposte: 'LaPoste.net',
};
const PLATFORM_NAMES: Record<string, string> = {
  'desktop-app': 'Desktop', 'desktop-webmail': 'Desktop Webmail', 'mobile-webmail': 'Mobile Webmail', webmail: 'Webmail',
  ios: 'iOS', android: 'Android', windows: 'Windows', macos: 'macOS', 'windows-mail': 'Windows Mail', 'outlook-com': 'Outlook.com',
};
const CATEGORY_NAMES: Record<string, string> = { css: 'CSS', html: 'HTML', image: 'Image formats', others: 'Others' };

/** The package's feature titles (its keys) with their caniemail slugs; built once per thread. */
let catalogue: { clients: string[]; slugOf: Map<string, string>; checkers: Map<string, DoIUseEmail> } | undefined;

function loadCatalogue() {
  if (catalogue) return catalogue;
  const clients = [...new DoIUseEmail({ emailClients: ['*'] }).emailClients];
  const checkers = new Map(clients.map((client) => [client, new DoIUseEmail({ emailClients: [client] })]));
  const slugOf = new Map<string, string>();
  // getSupportedFeatures leaves out what the client does not support: together the clients list every feature.
  for (const checker of checkers.values()) {
    for (const { name, link } of checker.getSupportedFeatures()) {
      const slug = /\/features\/([^/]+)\/?$/.exec(link)?.[1];
      if (slug) slugOf.set(name, slug);
    }
  }
  catalogue = { clients, slugOf, checkers };
  return catalogue;
}

/*
 * The package's own detectors, with two of their slips mended: CSS functions (calc(), var(), rgb(), ...)
 * are looked up with name and title swapped, so none is ever found, and inline <svg> is looked for as
 * the <image> tag only. The mended lookups follow the package's own mapping of titles to names.
 */
class FeatureDetector extends DoIUseEmail {
  readonly titles = new Set<string>();

  constructor(private readonly functionTitles: Map<string, string>) {
    super({ emailClients: ['*'] });
  }

  override checkFeaturesSupport(featureTitles: string | string[]): void {
    for (const title of [featureTitles].flat()) this.titles.add(title);
  }

  override checkCSSDeclarations(declarations: Array<{ property: string; value: string }>): void {
    super.checkCSSDeclarations(declarations);
    for (const { value } of declarations) {
      for (const match of String(value ?? '').matchAll(/([a-z-]+)\(/g)) {
        const title = this.functionTitles.get(match[1]!);
        if (title) this.titles.add(title);
      }
    }
  }

  override checkHtmlNode(node: Parameters<DoIUseEmail['checkHtmlNode']>[0]): void {
    if (node.tagName === 'svg') this.titles.add(SVG_TITLE);
    super.checkHtmlNode(node);
  }
}

const VARIABLES_TITLE = 'CSS Variables (Custom Properties)';
const SVG_TITLE = 'Embedded <svg> image';

function functionTitlesOf(titles: Iterable<string>): Map<string, string> {
  const byName = new Map<string, string>();
  for (const title of titles) {
    if (title === VARIABLES_TITLE) byName.set('var', title);
    else if (!title.startsWith(':')) {
      const name = /([a-z-]+)\(\)/.exec(title)?.[1];
      if (name) byName.set(name, title);
    }
  }
  return byName;
}

/** The package's feature titles the HTML uses, in the order it meets them. */
function detectTitles(html: string, slugOf: Map<string, string>): string[] {
  const detector = new FeatureDetector(functionTitlesOf(slugOf.keys()));
  try {
    detector.check(html);
  } catch (err) {
    // The package parses each <style> block strictly; it has no partial answer.
    throw badRequest(`The HTML's <style> CSS could not be read: ${(err as Error).message}`);
  }
  return [...detector.titles].filter((title) => slugOf.has(title));
}

function statusIn(checker: DoIUseEmail, title: string, client: string): EmailFeatureSupportFlags {
  checker.errors = [];
  checker.warnings = [];
  checker.notes = [];
  try {
    checker.checkFeaturesSupport(title);
  } catch {
    return { status: 'UNKNOWN', notes: null }; // caniemail has no result for this client
  }
  const prefix = `Note about \`${title}\` support for \`${client}\`: `;
  const notes = checker.notes.filter((n) => n.startsWith(prefix)).map((n) => n.slice(prefix.length)).filter((n) => n !== 'undefined');
  const status: SupportStatus = checker.errors.length > 0 ? 'NOT_SUPPORTED' : checker.warnings.length > 0 ? 'PARTIAL' : 'SUPPORTED';
  return { status, notes: notes.length > 0 ? notes : null };
}

function categoryOf(slug: string): string {
  const prefix = slug.split('-')[0]!;
  return prefix in CATEGORY_NAMES && prefix !== 'others' ? prefix : 'others';
}

/** Detects the features the HTML uses and how each email client supports them. */
export function checkClientSupport(html: string): EmailFeatureSupportResult {
  const { clients, slugOf, checkers } = loadCatalogue();
  const titles = detectTitles(html, slugOf);
  const counts = new Map<SupportStatus, number>();
  const families = new Set<string>();
  const platforms = new Set<string>();
  const categories = new Set<string>();

  const featureOverviews = titles.map((title): EmailFeatureOverview => {
    const slug = slugOf.get(title)!;
    const byFamily = new Map<string, EmailFeaturePlatformStatistics[]>();
    const statuses = new Set<SupportStatus>();
    for (const client of clients) {
      const [family, platform] = splitClient(client);
      const supportFlags = statusIn(checkers.get(client)!, title, client);
      statuses.add(supportFlags.status);
      counts.set(supportFlags.status, (counts.get(supportFlags.status) ?? 0) + 1);
      families.add(family);
      platforms.add(platform);
      const list = byFamily.get(family) ?? [];
      list.push({ platform, versions: [{ version: '', supportFlags }] });
      byFamily.set(family, list);
    }
    const category = categoryOf(slug);
    categories.add(category);
    return {
      feature: slug, title, description: null, category, notes: null, notesNumbers: null,
      featureStatistics: [...byFamily].map(([family, list]) => ({ feature: slug, family, platforms: list })),
      statuses: STATUSES.filter((s) => statuses.has(s)),
    };
  });

  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return {
    names: {
      family: [...families].map((slug) => ({ slug, name: FAMILY_NAMES[slug] ?? slug })),
      platform: [...platforms].map((slug) => ({ slug, name: PLATFORM_NAMES[slug] ?? slug })),
      category: [...categories].map((slug) => ({ slug, name: CATEGORY_NAMES[slug]! })),
    },
    detectedFeatures: featureOverviews.map((o) => o.feature),
    featureOverviews,
    featurePercentages: STATUSES.filter((s) => counts.has(s))
      .map((status) => ({ status, percentage: Math.round((counts.get(status)! / total) * 10000) / 100 })),
  };
}

function splitClient(client: string): [string, string] {
  const dot = client.indexOf('.');
  return [client.slice(0, dot), client.slice(dot + 1)];
}
