/**
 * The device targets a preview run can render: Chromium at each device's viewport (CSS
 * pixels), device pixel ratio, colour scheme and user agent. These are browser renders at the
 * device's geometry, not screenshots of the native mail apps: no Outlook, Gmail or Apple Mail
 * engine runs here. The native mail-client targets are listed only to be reported unavailable.
 */
export interface DeviceTarget {
  key: string;
  label: string;
  deviceType: 'MOBILE' | 'TABLET' | 'DESKTOP';
  platform: string;
  width: number;
  height: number;
  deviceScaleFactor: number;
  colorScheme: 'light' | 'dark';
  userAgent: string;
}

const IOS_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_UA = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

type Geometry = Omit<DeviceTarget, 'key' | 'label' | 'colorScheme'> & { name: string; slug: string };

const DEVICES: Geometry[] = [
  { slug: 'iphone-15', name: 'iPhone 15', deviceType: 'MOBILE', platform: 'IOS', width: 393, height: 852, deviceScaleFactor: 3, userAgent: IOS_UA },
  { slug: 'iphone-se', name: 'iPhone SE', deviceType: 'MOBILE', platform: 'IOS', width: 375, height: 667, deviceScaleFactor: 2, userAgent: IOS_UA },
  { slug: 'galaxy-s23', name: 'Galaxy S23', deviceType: 'MOBILE', platform: 'ANDROID', width: 360, height: 780, deviceScaleFactor: 3, userAgent: ANDROID_UA },
  { slug: 'ipad-air', name: 'iPad Air', deviceType: 'TABLET', platform: 'IPADOS', width: 820, height: 1180, deviceScaleFactor: 2, userAgent: IPAD_UA },
  { slug: 'desktop-1280', name: 'Desktop 1280×800', deviceType: 'DESKTOP', platform: 'LINUX', width: 1280, height: 800, deviceScaleFactor: 1, userAgent: DESKTOP_UA },
  { slug: 'macbook-1440', name: 'MacBook 1440×900 Retina', deviceType: 'DESKTOP', platform: 'MACOS', width: 1440, height: 900, deviceScaleFactor: 2, userAgent: MAC_UA },
];

export const DEVICE_TARGETS: readonly DeviceTarget[] = DEVICES.flatMap(({ slug, name, ...geometry }) => (['light', 'dark'] as const).map((scheme) => ({
  ...geometry, key: `${slug}-${scheme}`, label: `${name} (${scheme})`, colorScheme: scheme,
})));

const BY_KEY = new Map(DEVICE_TARGETS.map((t) => [t.key, t]));
export const deviceTarget = (key: string): DeviceTarget | undefined => BY_KEY.get(key);

/** What a run renders when neither the request nor its profile names targets. */
export const DEFAULT_TARGETS = ['iphone-15-light', 'iphone-15-dark', 'desktop-1280-light'];

/** A native mail-client target: known by name, never renderable here. */
export interface NativeTarget {
  key: string;
  provider: 'GMAIL' | 'OUTLOOK' | 'YAHOO' | 'APPLE';
  client: string;
  surface: string;
  platform: string;
  formFactor: string;
  engine: string;
}

export const NATIVE_TARGETS: readonly NativeTarget[] = [
  { key: 'outlook-windows', provider: 'OUTLOOK', client: 'Outlook', surface: 'APP', platform: 'WINDOWS', formFactor: 'DESKTOP', engine: 'Word' },
  { key: 'outlook-mac', provider: 'OUTLOOK', client: 'Outlook', surface: 'APP', platform: 'MACOS', formFactor: 'DESKTOP', engine: 'WebKit' },
  { key: 'outlook-web', provider: 'OUTLOOK', client: 'Outlook.com', surface: 'WEB', platform: 'WEB', formFactor: 'DESKTOP', engine: 'browser' },
  { key: 'outlook-ios', provider: 'OUTLOOK', client: 'Outlook', surface: 'APP', platform: 'IOS', formFactor: 'MOBILE', engine: 'WebKit' },
  { key: 'outlook-android', provider: 'OUTLOOK', client: 'Outlook', surface: 'APP', platform: 'ANDROID', formFactor: 'MOBILE', engine: 'WebView' },
  { key: 'gmail-web', provider: 'GMAIL', client: 'Gmail', surface: 'WEB', platform: 'WEB', formFactor: 'DESKTOP', engine: 'browser' },
  { key: 'gmail-ios', provider: 'GMAIL', client: 'Gmail', surface: 'APP', platform: 'IOS', formFactor: 'MOBILE', engine: 'WebKit' },
  { key: 'gmail-android', provider: 'GMAIL', client: 'Gmail', surface: 'APP', platform: 'ANDROID', formFactor: 'MOBILE', engine: 'WebView' },
  { key: 'yahoo-web', provider: 'YAHOO', client: 'Yahoo Mail', surface: 'WEB', platform: 'WEB', formFactor: 'DESKTOP', engine: 'browser' },
  { key: 'apple-mail-ios', provider: 'APPLE', client: 'Apple Mail', surface: 'APP', platform: 'IOS', formFactor: 'MOBILE', engine: 'WebKit' },
  { key: 'apple-mail-macos', provider: 'APPLE', client: 'Apple Mail', surface: 'APP', platform: 'MACOS', formFactor: 'DESKTOP', engine: 'WebKit' },
];

const NATIVE_BY_KEY = new Map(NATIVE_TARGETS.map((t) => [t.key, t]));
export const nativeTarget = (key: string): NativeTarget | undefined => NATIVE_BY_KEY.get(key);

/** Why native targets are never rendered: said in every answer that reports one. */
export const NATIVE_UNAVAILABLE =
  'Native mail-client renders are not available on this server: previews are Chromium renders at device geometry (viewport, pixel ratio, colour scheme, user agent), not screenshots of the mail app';

/** Said on every run: what its screenshots are and are not. */
export const BROWSER_RENDER_NOTE =
  'Screenshots are Chromium renders at each device\'s geometry (viewport, pixel ratio, colour scheme, user agent), not renders by the native mail clients';

/** The provider a target's progress is counted under (native targets only; browser renders have none of GMAIL/OUTLOOK/YAHOO). */
export const providerOf = (key: string): string => nativeTarget(key)?.provider ?? 'CHROMIUM';

/**
 * Built-in profiles: named sets of targets every tenant can use and no one can change. Their
 * ids are fixed so a client can keep them.
 */
export interface BuiltInProfile {
  id: string;
  localPart: string;
  displayName: string;
  targets: string[];
}

const keysWhere = (test: (t: DeviceTarget) => boolean) => DEVICE_TARGETS.filter(test).map((t) => t.key);

export const BUILT_IN_PROFILES: readonly BuiltInProfile[] = [
  { id: '6f1c0d7e-0000-4000-8000-000000000001', localPart: 'phones', displayName: 'Phones, light and dark', targets: keysWhere((t) => t.deviceType === 'MOBILE') },
  { id: '6f1c0d7e-0000-4000-8000-000000000002', localPart: 'tablets', displayName: 'Tablets, light and dark', targets: keysWhere((t) => t.deviceType === 'TABLET') },
  { id: '6f1c0d7e-0000-4000-8000-000000000003', localPart: 'desktops', displayName: 'Desktops, light and dark', targets: keysWhere((t) => t.deviceType === 'DESKTOP') },
  { id: '6f1c0d7e-0000-4000-8000-000000000004', localPart: 'dark-mode', displayName: 'Every device in dark mode', targets: keysWhere((t) => t.colorScheme === 'dark') },
  { id: '6f1c0d7e-0000-4000-8000-000000000005', localPart: 'all-devices', displayName: 'Every device, light and dark', targets: DEVICE_TARGETS.map((t) => t.key) },
];

export const builtInProfile = (id: string): BuiltInProfile | undefined => BUILT_IN_PROFILES.find((p) => p.id === id.toLowerCase());
