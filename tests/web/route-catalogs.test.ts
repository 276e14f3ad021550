import { describe, expect, it } from 'vitest';
import { Locale } from '../../contract/enums';
import { ROUTE_CATALOGS } from '../../src/i18n/route-catalogs';
import { CATALOG_OF_ROUTE, ROUTE_CATALOG_NAMES } from '../../src/i18n/route-catalog-names';

const LOCALES = Object.values(Locale);

describe('route catalogue loaders (src/i18n/route-catalogs.ts)', () => {
  it('has a loader in each language for every route that names a catalogue', () => {
    expect(Object.keys(ROUTE_CATALOGS).sort()).toEqual(Object.keys(CATALOG_OF_ROUTE).sort());
    for (const loaders of Object.values(ROUTE_CATALOGS)) {
      expect(Object.keys(loaders).sort()).toEqual([...LOCALES].sort());
    }
  });

  it.each(ROUTE_CATALOG_NAMES)(
    'loads the %s catalogue in both languages, with the same message IDs',
    async (name) => {
      const chunk = Object.keys(CATALOG_OF_ROUTE).find((c) => CATALOG_OF_ROUTE[c] === name);
      expect(chunk, `no route loads the ${name} catalogue`).toBeDefined();
      const loaders = ROUTE_CATALOGS[chunk ?? '']!;
      const en = (await loaders.en()).messages;
      const zh = (await loaders['zh-CN']()).messages;
      expect(Object.keys(en).length).toBeGreaterThan(0);
      expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    },
  );
});
