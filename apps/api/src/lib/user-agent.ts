import Bowser from 'bowser';

export interface ParsedUserAgent {
  /** Browser and major.minor version, e.g. "Chrome 120.0". */
  clientVersion: string | null;
  /** Operating system and version, e.g. "macOS 14.1", "Windows 10", "Android 14". */
  osVersion: string | null;
}

/** Bowser's names where the device list has always shown another one. */
const BROWSER_NAMES: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
};
const OS_NAMES: Record<string, string> = { 'Chrome OS': 'ChromeOS' };
/** Windows NT version → marketing name (an unknown one is shown as its NT number). */
const WINDOWS: Record<string, string> = {
  '10.0': '10',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
  '5.1': 'XP',
};
/** How many version parts are shown: major.minor, three for macOS (10.15.7). */
const OS_VERSION_PARTS: Record<string, number> = { macOS: 3 };

/** HTTP clients that are not browsers (bowser names none of them). */
const TOOLS: [RegExp, string][] = [
  [/\bcurl\/([\d.]+)/, 'curl'],
  [/\bnode-fetch\/([\d.]+)/, 'node-fetch'],
  [/\baxios\/([\d.]+)/, 'axios'],
  [/\bPostmanRuntime\/([\d.]+)/, 'Postman'],
];

function version(v: string | undefined, parts: number): string {
  if (!v) return '';
  return v.replace(/_/g, '.').split('.').slice(0, parts).join('.');
}

function withVersion(name: string, v: string | undefined, parts = 2): string {
  const ver = version(v, parts);
  return ver ? `${name} ${ver}` : name;
}

function client(ua: string, browser: Bowser.Parser.Details): string | null {
  if (browser.name) {
    const name = /\bHeadlessChrome\//.test(ua) ? 'Headless Chrome' : (BROWSER_NAMES[browser.name] ?? browser.name);
    return withVersion(name, browser.version);
  }
  for (const [re, name] of TOOLS) {
    const m = re.exec(ua);
    if (m) return withVersion(name, m[1]);
  }
  return null;
}

function os({ name, version: v }: Bowser.Parser.OSDetails): string | null {
  if (!name) return null;
  if (name === 'Windows') {
    const nt = v?.replace(/^NT\s*/, '');
    return nt ? `Windows ${WINDOWS[nt] ?? nt}` : 'Windows';
  }
  const shown = OS_NAMES[name] ?? name;
  return withVersion(shown, v, OS_VERSION_PARTS[shown] ?? 2);
}

/** Browser and OS of a User-Agent (bowser), for the device list and the new-device mail. */
export function parseUserAgent(ua: string | undefined | null): ParsedUserAgent {
  if (!ua) return { clientVersion: null, osVersion: null };
  const s = ua.slice(0, 512);
  const parsed = Bowser.parse(s);
  return { clientVersion: client(s, parsed.browser), osVersion: os(parsed.os) };
}
