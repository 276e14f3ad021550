/**
 * The marketing site's pure rules and shared components: the copy button's 3-second copied state,
 * the download order and the smart link's targets, the route meta table against the sitemap, and
 * the build plugin's reading of the route table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClientPlatform } from '../../contract/enums';
import type { ClientConfig } from '../../contract/endpoints/system';
import { COPIED_STATE_MS, CopyButton } from '../../src/components/ui/copy-button';
import { orderedPlatforms, smartLinkTarget } from '../../src/features/download/platforms';
import { INDEXED_PATHS, routeMeta } from '../../src/app/seo/route-meta';
import { activateLocale, i18n } from '../../src/i18n/i18n';
import { routeChunkNames, routeModules } from '../../scripts/vite-route-preload';
import { CATALOG_OF_ROUTE } from '../../src/i18n/route-catalog-names';
import { PRERENDERED_PAGES } from '../../src/prerender/pages';

const ROOT = join(import.meta.dirname, '../..');

const config: ClientConfig = {
  downloads: {
    ios: { appStoreUrl: 'https://apps.example/ios', version: '1' },
    android: {
      apkUrl: 'https://dl.example/a.apk',
      adFreeApkUrl: 'https://dl.example/b.apk',
      version: '2',
    },
    mac: {
      appStoreUrl: 'https://apps.example/mac',
      pkgUrl: 'https://dl.example/m.pkg',
      version: '3',
    },
    windows: { url: 'https://dl.example/w.exe', version: '4' },
  },
};

beforeAll(async () => {
  await activateLocale('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CopyButton', () => {
  it('copies, shows "Copied" for 3 seconds, then returns to rest', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <I18nProvider i18n={i18n}>
        <CopyButton
          text="https://kestrel.example/download/smart_links"
          aria-label="Copy the link"
        />
      </I18nProvider>,
    );
    const button = screen.getByRole('button', { name: 'Copy the link' });
    expect(button.dataset.state).toBe('idle');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('https://kestrel.example/download/smart_links');
    expect(button.dataset.state).toBe('copied');
    expect(screen.getByRole('status').textContent).toBe('Copied');
    await act(async () => {
      vi.advanceTimersByTime(COPIED_STATE_MS - 1);
    });
    expect(button.dataset.state).toBe('copied');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(button.dataset.state).toBe('idle');
    expect(COPIED_STATE_MS).toBe(3000);
  });

  it('says so when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    document.execCommand = vi.fn().mockReturnValue(false);
    render(
      <I18nProvider i18n={i18n}>
        <CopyButton text="x" />
      </I18nProvider>,
    );
    const button = screen.getByRole('button', { name: 'Copy' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.dataset.state).toBe('failed');
    expect(screen.getByRole('status').textContent).toBe('Copy failed');
  });
});

describe('downloads', () => {
  it("puts the visitor's platform first and keeps the others in order", () => {
    expect(orderedPlatforms(ClientPlatform.ANDROID)).toEqual(['ANDROID', 'IOS', 'MAC', 'WINDOWS']);
    expect(orderedPlatforms(ClientPlatform.WINDOWS)).toEqual(['WINDOWS', 'IOS', 'ANDROID', 'MAC']);
    expect(orderedPlatforms(ClientPlatform.IOS)).toEqual(['IOS', 'ANDROID', 'MAC', 'WINDOWS']);
  });

  it('sends each platform of the smart link to its own download', () => {
    expect(smartLinkTarget(ClientPlatform.IOS, config)).toBe('https://apps.example/ios');
    expect(smartLinkTarget(ClientPlatform.ANDROID, config)).toBe('https://dl.example/a.apk');
    expect(smartLinkTarget(ClientPlatform.MAC, config)).toBe('https://dl.example/m.pkg');
    expect(smartLinkTarget(ClientPlatform.WINDOWS, config)).toBe('https://dl.example/w.exe');
  });
});

describe('SEO', () => {
  it('gives every public route a title and a description in both languages', async () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      await activateLocale(locale);
      for (const path of INDEXED_PATHS) {
        const meta = routeMeta(path)!;
        const description = i18n._(meta.description);
        expect(description.length, `${locale} ${path}`).toBeGreaterThan(10);
        if (path !== '/') expect(i18n._(meta.title!).length).toBeGreaterThan(1);
      }
    }
    await activateLocale('en');
    expect(routeMeta('/faq/')).toBe(routeMeta('/faq'));
    expect(routeMeta('/user/profile')).toBeUndefined();
  });

  it('lists exactly the public routes in sitemap.xml, each with its hreflang alternates', () => {
    const xml = readFileSync(join(ROOT, 'public/sitemap.xml'), 'utf8');
    const locs = [...xml.matchAll(/<loc>https:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(INDEXED_PATHS);
    for (const path of INDEXED_PATHS) {
      expect(xml).toContain(`hreflang="zh-Hans" href="https://kestrel.example${path}?lang=zh-CN"`);
      expect(xml).toContain(`hreflang="en" href="https://kestrel.example${path}?lang=en"`);
    }
    const robots = readFileSync(join(ROOT, 'public/robots.txt'), 'utf8');
    expect(robots).toContain('Sitemap: https://kestrel.example/sitemap.xml');
    expect(robots).toContain('Disallow: /user/');
  });
});

describe('route preload build plugin', () => {
  it('reads every lazily imported public page from the route table', () => {
    const dir = join(ROOT, 'src/app');
    const table = routeModules(readFileSync(join(dir, 'routes.tsx'), 'utf8'), dir);
    expect(table.get('/')).toBe(join(ROOT, 'src/features/home/home-page'));
    expect(table.get('/download')).toBe(join(ROOT, 'src/features/download/download-page'));
    expect(table.get('/faq')).toBe(join(ROOT, 'src/features/faq/faq-page'));
    expect(table.get('/clause/*')).toBe(join(ROOT, 'src/features/clauses/clause-page'));
    expect(table.get('/login')).toBe(join(ROOT, 'src/features/auth/login-page'));
    expect(table.get('/group-buying')).toBe(join(ROOT, 'src/pages/group-buying.page'));
  });

  it('knows the page of every prerendered route: its stylesheets go into the HTML', () => {
    const dir = join(ROOT, 'src/app');
    const table = routeModules(readFileSync(join(dir, 'routes.tsx'), 'utf8'), dir);
    for (const page of PRERENDERED_PAGES)
      expect(table.has(page.startsWith('/clause/') ? '/clause/*' : page), page).toBe(true);
  });

  it("names each page's chunk, so a prerendered page preloads its own catalogue", () => {
    const dir = join(ROOT, 'src/app');
    const chunks = routeChunkNames(readFileSync(join(dir, 'routes.tsx'), 'utf8'));
    expect(chunks.get('/')).toBe('home');
    expect(chunks.get('/download/tips')).toBe('download-tips');
    expect(chunks.get('/group-buying')).toBe('group-buying');
    expect(chunks.get('/faq')).toBe('faq');
    const catalogueOf = (path: string) => CATALOG_OF_ROUTE[chunks.get(path) ?? ''];
    expect(catalogueOf('/')).toBeUndefined();
    expect(catalogueOf('/download')).toBe('download');
    expect(catalogueOf('/apple-help')).toBe('download');
    expect(catalogueOf('/pricing')).toBe('store');
    expect(catalogueOf('/affiliate')).toBe('affiliate');
    expect(catalogueOf('/group-buying')).toBe('group-buy');
    expect(catalogueOf('/crypto-pay/$productId')).toBe('crypto-pay');
  });
});
