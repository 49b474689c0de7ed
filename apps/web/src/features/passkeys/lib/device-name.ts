/**
 * The name a new passkey is given before the customer edits it: the browser and the system it runs
 * on, e.g. "Chrome on macOS" (docs/product/auth-and-sessions.md#passkeys). Product names are not
 * translated; the joining words are.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const find = (table: [RegExp, string][], ua: string) => table.find(([re]) => re.test(ua))?.[1];

export interface DeviceNameTexts {
  /** "{{browser}} on {{os}}" */
  both: (browser: string, os: string) => string;
  /** When neither is known. */
  fallback: string;
}

/** At most 60 characters, as the api accepts (PasskeyName). */
export function defaultPasskeyName(ua: string, texts: DeviceNameTexts, touchPoints = 0): string {
  const browser = find(BROWSERS, ua);
  let os = find(SYSTEMS, ua);
  // iPadOS asks for desktop sites: a "Macintosh" with a touch screen is an iPad.
  if (os === 'macOS' && touchPoints > 1) os = 'iPad';
  const name = browser && os ? texts.both(browser, os) : (browser ?? os ?? texts.fallback);
  return name.slice(0, 60);
}
