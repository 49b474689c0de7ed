export interface ParsedUserAgent {
  /** Browser and major.minor version, e.g. "Chrome 120.0". */
  clientVersion: string | null;
  /** Operating system and version, e.g. "macOS 14.1", "Windows 10", "Android 14". */
  osVersion: string | null;
}

function version(v: string | undefined, parts = 2): string {
  if (!v) return '';
  return v.replace(/_/g, '.').split('.').slice(0, parts).join('.');
}

function withVersion(name: string, v: string | undefined, parts = 2): string {
  const ver = version(v, parts);
  return ver ? `${name} ${ver}` : name;
}

function parseClient(ua: string): string | null {
  const rules: [RegExp, string][] = [
    [/\bEdg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
    [/\bOPR\/([\d.]+)/, 'Opera'],
    [/\bSamsungBrowser\/([\d.]+)/, 'Samsung Internet'],
    [/\bYaBrowser\/([\d.]+)/, 'Yandex Browser'],
    [/\bVivaldi\/([\d.]+)/, 'Vivaldi'],
    [/\bFirefox\/([\d.]+)/, 'Firefox'],
    [/\bFxiOS\/([\d.]+)/, 'Firefox'],
    [/\bCriOS\/([\d.]+)/, 'Chrome'],
    [/\bHeadlessChrome\/([\d.]+)/, 'Headless Chrome'],
    [/\bChrome\/([\d.]+)/, 'Chrome'],
    [/\bVersion\/([\d.]+).*\bSafari\//, 'Safari'],
    [/\bcurl\/([\d.]+)/, 'curl'],
    [/\bnode-fetch\/([\d.]+)/, 'node-fetch'],
    [/\baxios\/([\d.]+)/, 'axios'],
    [/\bPostmanRuntime\/([\d.]+)/, 'Postman'],
  ];
  for (const [re, name] of rules) {
    const m = re.exec(ua);
    if (m) return withVersion(name, m[1]);
  }
  if (/\bSafari\//.test(ua)) return 'Safari';
  return null;
}

function parseOs(ua: string): string | null {
  let m: RegExpExecArray | null;
  if ((m = /\b(?:iPhone|iPad|iPod).*?\bOS ([\d_]+)/.exec(ua))) return withVersion('iOS', m[1]);
  if ((m = /\bAndroid ([\d.]+)/.exec(ua))) return withVersion('Android', m[1]);
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if ((m = /\bWindows NT ([\d.]+)/.exec(ua))) {
    const map: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7', '6.0': 'Vista', '5.1': 'XP' };
    return `Windows ${map[m[1] ?? ''] ?? m[1]}`;
  }
  if ((m = /\bMac OS X ([\d_.]+)/.exec(ua))) return withVersion('macOS', m[1], 3);
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return null;
}

/** Small, dependency-free User-Agent parser for the device list (browser + OS). */
export function parseUserAgent(ua: string | undefined | null): ParsedUserAgent {
  if (!ua) return { clientVersion: null, osVersion: null };
  const s = ua.slice(0, 512);
  return { clientVersion: parseClient(s), osVersion: parseOs(s) };
}
