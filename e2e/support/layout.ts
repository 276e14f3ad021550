/**
 * Layout checks for e2e/layout.spec.ts: the app's own route list, and what sticks out sideways.
 */
import type { Page } from '@playwright/test';

/**
 * Every path the app's router declares (TanStack Router keeps its instance on
 * `window.__TSR_ROUTER__`), so a page added to src/app/routes.tsx is checked without being listed
 * here. Read from a page the app starts on; fails if it has not created its router within 10 s.
 */
export async function appRoutePaths(page: Page): Promise<string[]> {
  // The app loads its modules after the first paint (prerendered pages hydrate later still), so
  // the router appears some time after `goto` resolves: wait for it, within the expect timeout.
  const handle = await page.waitForFunction(
    () => {
      const router = (window as unknown as { __TSR_ROUTER__?: { routesByPath: object } })
        .__TSR_ROUTER__;
      return router ? Object.keys(router.routesByPath) : null;
    },
    undefined,
    { timeout: 10_000 },
  );
  const paths = (await handle.jsonValue()) as string[];
  const trimmed = paths.map((path) => (path.length > 1 ? path.replace(/\/+$/, '') : path));
  return [...new Set(trimmed)].sort();
}

/**
 * A route's path with each `$param` replaced by every sample value given for it: one URL per
 * combination. A parameter without samples throws, so a new kind of route cannot go unchecked.
 */
export function routeUrls(path: string, samples: Readonly<Record<string, readonly string[]>>) {
  let urls = [''];
  for (const segment of path.split('/').slice(1)) {
    if (!segment.startsWith('$')) {
      urls = urls.map((url) => `${url}/${segment}`);
      continue;
    }
    const values = samples[segment.slice(1)];
    if (!values?.length) throw new Error(`no sample value for ${segment} of ${path}`);
    urls = urls.flatMap((url) => values.map((value) => `${url}/${encodeURIComponent(value)}`));
  }
  return urls.map((url) => url || '/');
}

/**
 * What sticks out sideways on the page as it is now, as readable lines (empty when nothing does):
 * the document being wider than the viewport (a sideways scroll), and any element whose content is
 * wider than its own box (a button pushed out of its card, even when the card's page does not
 * scroll). Content inside a scroll container (`overflow-x` other than visible: the account menu,
 * wide tables) scrolls there on purpose and is not counted; nor are visually hidden elements.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const TOLERANCE = 1;
    const viewport = document.documentElement.clientWidth;
    const problems: string[] = [];
    const describe = (el: Element) => {
      const classes = typeof el.className === 'string' ? el.className.trim() : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${classes ? ` class="${classes}"` : ''}> "${text}"`;
    };
    const inScrollContainer = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };

    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewport + TOLERANCE) {
      problems.push(`the page is ${pageWidth} px wide in a ${viewport} px viewport`);
    }
    const offenders = new Map<Element, string>();
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'inline') continue;
      if (inScrollContainer(el)) continue;
      if (box.right > viewport + TOLERANCE || box.left < -TOLERANCE) {
        offenders.set(el, `spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
      } else if (
        style.overflowX === 'visible' &&
        el.clientWidth > 1 &&
        el.scrollWidth > el.clientWidth + TOLERANCE
      ) {
        offenders.set(el, `holds ${el.scrollWidth} px in ${el.clientWidth} px`);
      }
    }
    // The innermost offenders are the causes; their ancestors only carry the overflow outwards.
    for (const [el, what] of offenders) {
      const containsAnother = [...offenders.keys()].some(
        (other) => other !== el && el.contains(other),
      );
      if (!containsAnother) problems.push(`${describe(el)} ${what}`);
    }
    return problems;
  });
}
