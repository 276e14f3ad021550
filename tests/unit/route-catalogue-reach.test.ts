/**
 * A file in a route catalogue (lingui.config.ts) has its texts in that catalogue only, which only
 * the routes mapped to it load (src/i18n/route-catalog-names.ts). So such a file may be imported
 * by files of the same catalogue and by the route table (a page's own chunk), by nothing else: a
 * file of the shell or of another page importing it would show its texts untranslated there.
 */
import { cruise, type IModule } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import linguiConfig from '../../lingui.config';

const ROUTE_TABLE = 'src/app/routes.tsx';

/** Each route catalogue's name and its files' patterns, relative to the project. */
const catalogues = (linguiConfig.catalogs ?? [])
  .map((catalog) => ({
    name: /\{locale\}\/(.+)$/.exec(catalog.path)?.[1] ?? '',
    include: catalog.include.map((pattern) => pattern.replace('<rootDir>/', '')),
  }))
  .filter((catalog) => catalog.name !== 'messages');

/** The two forms lingui.config.ts uses: a folder and all below it (`dir/**`), or one file. */
const FOLDER = /^[\w./-]+\/\*\*$/;
const FILE = /^[\w./-]+\.tsx?$/;

const matches = (file: string, pattern: string): boolean =>
  pattern.endsWith('/**') ? file.startsWith(pattern.slice(0, -2)) : file === pattern;

function catalogueOf(file: string): string | undefined {
  return catalogues.find((catalog) => catalog.include.some((pattern) => matches(file, pattern)))
    ?.name;
}

describe('route catalogues', () => {
  it('lists the catalogues of lingui.config.ts', () => {
    expect(catalogues.map((catalog) => catalog.name).sort()).toEqual(
      ['account', 'affiliate', 'console', 'crypto-pay', 'download', 'group-buy', 'store'].sort(),
    );
  });

  it('names its files in the two forms this test reads', () => {
    for (const pattern of catalogues.flatMap((catalog) => catalog.include)) {
      expect(FOLDER.test(pattern) || FILE.test(pattern), pattern).toBe(true);
    }
  });

  it("a catalogue's files are imported by its own files and the route table only", async () => {
    const result = await cruise(['src'], {
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '^src/locales/' },
    });
    const modules = (typeof result.output === 'string' ? [] : result.output.modules) as IModule[];
    expect(modules.length).toBeGreaterThan(300);
    const strays: string[] = [];
    for (const module of modules) {
      const from = catalogueOf(module.source);
      for (const dependency of module.dependencies) {
        const to = catalogueOf(dependency.resolved);
        if (to === undefined || to === from || module.source === ROUTE_TABLE) continue;
        strays.push(`${module.source} (${from ?? 'main'}) imports ${dependency.resolved} (${to})`);
      }
    }
    expect(strays).toEqual([]);
  }, 120_000);
});
