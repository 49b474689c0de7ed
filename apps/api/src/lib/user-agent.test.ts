import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.ts';

describe('parseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.129 Safari/537.36',
      'Chrome 120.0',
      'Windows 10',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      'Edge 120.0',
      'Windows 10',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:121.0) Gecko/20100101 Firefox/121.0',
      'Firefox 121.0',
      'macOS 10.15',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      'Safari 17.1',
      'macOS 10.15.7',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1',
      'Safari 17.1',
      'iOS 17.1',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
      'Chrome 120.0',
      'iOS 17.1',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      'Samsung Internet 23.0',
      'Android 14',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0',
      'Opera 105.0',
      'Linux',
    ],
    ['curl/8.4.0', 'curl 8.4', null],
  ])('%s', (ua, client, os) => {
    expect(parseUserAgent(ua)).toEqual({ clientVersion: client, osVersion: os });
  });

  it('handles a missing or unknown agent', () => {
    expect(parseUserAgent(undefined)).toEqual({ clientVersion: null, osVersion: null });
    expect(parseUserAgent('SomethingElse')).toEqual({ clientVersion: null, osVersion: null });
  });
});
