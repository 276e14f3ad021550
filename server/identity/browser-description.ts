/**
 * What a browser is, read from its User-Agent, for its row on /user/device: the browser's name, the
 * operating system with its version, and whether it is a phone or tablet (mobile) or a computer (PC).
 * The `platform` header is no help here: the SPA sends `windows` for every desktop that is not a Mac
 * (SPEC §3), Linux included. docs/account-area.md.
 */
import { DeviceType } from '../../contract/enums';

export interface BrowserDescription {
  /** `Chrome`, `Safari`, ...; empty when unknown. */
  readonly browser: string;
  /** `Windows`, `macOS`, `iOS`, `iPadOS`, `Android`, `ChromeOS`, `Linux`; empty when unknown. */
  readonly os: string;
  readonly osVersion: string;
  readonly deviceType: DeviceType;
}

/** First match wins: Edge, Opera and Samsung Internet also say Chrome; every iOS browser says Safari. */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPT)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

function version(found: RegExpExecArray | null): string {
  return found?.[1] ? found[1].replace(/_/g, '.') : '';
}

function operatingSystem(ua: string): Pick<BrowserDescription, 'os' | 'osVersion' | 'deviceType'> {
  if (/\biPad\b/.test(ua))
    return { os: 'iPadOS', osVersion: version(/CPU OS ([\d_]+)/.exec(ua)), deviceType: 0 };
  if (/\b(?:iPhone|iPod)\b/.test(ua))
    return { os: 'iOS', osVersion: version(/iPhone OS ([\d_]+)/.exec(ua)), deviceType: 0 };
  if (/\bAndroid\b/.test(ua))
    return { os: 'Android', osVersion: version(/Android ([\d.]+)/.exec(ua)), deviceType: 0 };
  if (/\bWindows\b/.test(ua))
    return { os: 'Windows', osVersion: version(/Windows NT ([\d.]+)/.exec(ua)), deviceType: 1 };
  if (/\bCrOS\b/.test(ua)) return { os: 'ChromeOS', osVersion: '', deviceType: 1 };
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua))
    return { os: 'macOS', osVersion: version(/Mac OS X ([\d_.]+)/.exec(ua)), deviceType: 1 };
  if (/\bLinux\b|\bX11\b/.test(ua))
    return { os: 'Linux', osVersion: '', deviceType: /\bMobile\b/.test(ua) ? 0 : 1 };
  return { os: '', osVersion: '', deviceType: /\bMobi/.test(ua) ? 0 : 1 };
}

export function describeBrowser(userAgent: string): BrowserDescription {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '';
  return { browser, ...operatingSystem(userAgent) };
}

/** `Chrome · macOS 14.5`, `Android 14`, or the raw User-Agent's first words when unknown. */
export function describeClient(userAgent: string | null): string {
  if (!userAgent) return '';
  const { browser, os, osVersion } = describeBrowser(userAgent);
  const system = [os, osVersion].filter(Boolean).join(' ');
  const named = [browser, system].filter(Boolean).join(' · ');
  return named || userAgent.split(/[\s(]/)[0]!.slice(0, 40);
}
