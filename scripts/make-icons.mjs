/**
 * Renders the app icons and the Open Graph image from SVG with headless Chromium:
 * `node scripts/make-icons.mjs` writes public/apple-touch-icon.png (180), public/icon-192.png,
 * public/icon-512.png, public/icon-maskable-512.png and public/og-image.jpg (1200x630).
 * The PNGs are committed; run this again after changing the mark.
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './build-freshness.mjs';

const WING = 'M7 21c5-1 8-4 10-10 1 4 3 6 8 7-4 1-7 3-9 7-1-3-4-4-9-4z';
const mark = (size, { rounded = true, padding = 0 } = {}) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${rounded ? 8 : 0}" fill="#e8590c"/>
  <g transform="translate(${padding} ${padding}) scale(${(32 - 2 * padding) / 32})">
    <path d="${WING}" fill="#fff"/><circle cx="19.5" cy="12.5" r="1.3" fill="#e8590c"/>
  </g>
</svg>`;

const og = `
<div style="width:1200px;height:630px;display:flex;align-items:center;gap:56px;padding:0 96px;box-sizing:border-box;
  font-family:'Noto Sans CJK SC',system-ui,sans-serif;color:#fff;
  background:radial-gradient(circle at 85% 20%,rgba(232,89,12,.45),transparent 45%),
  radial-gradient(circle at 10% 90%,rgba(35,67,214,.45),transparent 45%),#0f1424">
  ${mark(200)}
  <div>
    <div style="font-size:76px;font-weight:800;line-height:1.1">Kestrel VPN · 红隼 VPN</div>
    <div style="font-size:34px;margin-top:24px;color:#dfe3ec">Fast · Private · Zero logs · 99.999% uptime</div>
    <div style="font-size:34px;margin-top:8px;color:#dfe3ec">高速 · 安全 · 零日志 · 24/7 客服</div>
  </div>
</div>`;

const shots = [
  { file: 'apple-touch-icon.png', size: 180, html: mark(180, { rounded: false, padding: 3 }) },
  { file: 'icon-192.png', size: 192, html: mark(192) },
  { file: 'icon-512.png', size: 512, html: mark(512) },
  { file: 'icon-maskable-512.png', size: 512, html: mark(512, { rounded: false, padding: 6 }) },
  { file: 'og-image.jpg', width: 1200, height: 630, html: og },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const shot of shots) {
    const width = shot.width ?? shot.size;
    const height = shot.height ?? shot.size;
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${shot.html}</body></html>`,
    );
    await page.screenshot({
      path: join(ROOT, 'public', shot.file),
      ...(shot.file.endsWith('.jpg') ? { type: 'jpeg', quality: 82 } : { omitBackground: true }),
      clip: { x: 0, y: 0, width, height },
    });
    await page.close();
  }
} finally {
  await browser.close();
}
