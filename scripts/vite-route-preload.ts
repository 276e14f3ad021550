/**
 * Vite build plugin: a tiny module script, run before the app's entry, that starts downloading what
 * the first paint of the opened page will import anyway: the catalog of the language the app will
 * choose (the same rule as contract/locale.ts) and the page's own chunk with its imports. Without
 * it both wait until the entry has downloaded and run, two round trips later (DESIGN §7: the home
 * page's Lighthouse budget). The route table is read from src/app/routes.tsx, so a moved page keeps
 * its preload. A separate file rather than an inline script: the CSP allows scripts from 'self' only.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { CATALOG_OF_ROUTE } from '../src/i18n/route-catalog-names.ts';

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Routes declared with createRoute (a guard, a loader or a search schema of their own) rather than
 * page(): their path in routes.tsx and their key in the tables.
 */
const OWN_ROUTES = [
  ['/faq', '/faq'],
  ['/clause/$name', '/clause/*'],
  ['/group-buying', '/group-buying'],
] as const;

/** A route's chunk name (the name it gives `lazyPage`) and the module it lazily imports. */
interface RouteDeclaration {
  chunk: string;
  module: string;
}

/** `'/path'` -> its declaration, read from src/app/routes.tsx. */
function routeDeclarations(routesSource: string): Map<string, RouteDeclaration> {
  const table = new Map<string, RouteDeclaration>();
  const pattern =
    /\b(?:page|guestPage)\(\s*'([^']+)',\s*'([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
  for (const [, path, chunk, module] of routesSource.matchAll(pattern)) {
    table.set(path!, { chunk: chunk!, module: module! });
  }
  for (const [path, key] of OWN_ROUTES) {
    const declared = new RegExp(
      `path:\\s*'${path.replace('$', '\\$')}'[\\s\\S]*?lazyPage\\('([^']+)',\\s*\\(\\)\\s*=>\\s*import\\('([^']+)'\\)`,
    ).exec(routesSource);
    if (declared) table.set(key, { chunk: declared[1]!, module: declared[2]! });
  }
  return table;
}

/** `'/path'` -> the module a route lazily imports, read from the route declarations. */
export function routeModules(routesSource: string, routesDir: string): Map<string, string> {
  return new Map(
    [...routeDeclarations(routesSource)].map(([path, { module }]) => [
      path,
      resolve(routesDir, module),
    ]),
  );
}

/**
 * `'/path'` -> the route's chunk name, from the same declarations: it names the route's own
 * catalogue (src/i18n/route-catalog-names.ts).
 */
export function routeChunkNames(routesSource: string): Map<string, string> {
  return new Map([...routeDeclarations(routesSource)].map(([path, { chunk }]) => [path, chunk]));
}

const withoutExtension = (id: string) => id.replace(/\.[cm]?[jt]sx?$/, '');

export function routePreload(root: string): Plugin {
  return {
    name: 'kestrel:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter(
        (item): item is OutputChunkLike & (typeof bundle)[string] => item.type === 'chunk',
      );
      const byModule = new Map<string, OutputChunkLike>();
      for (const chunk of chunks)
        if (chunk.facadeModuleId) byModule.set(withoutExtension(chunk.facadeModuleId), chunk);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => (chunk as { isEntry?: boolean }).isEntry);
      const initial = new Set(entry ? [entry.fileName, ...entry.imports] : []);

      /** The chunk and its static imports, less what the entry's own preloads already fetch. */
      const files = (chunk: OutputChunkLike | undefined): string[] => {
        const out = new Set<string>();
        const visit = (c: OutputChunkLike | undefined) => {
          if (!c || out.has(c.fileName) || initial.has(c.fileName)) return;
          out.add(c.fileName);
          for (const css of c.viteMetadata?.importedCss ?? []) out.add(css);
          for (const dep of c.imports) visit(byFile.get(dep));
        };
        visit(chunk);
        return [...out].map((file) => `/${file}`);
      };

      const routesDir = resolve(root, 'src/app');
      const routesSource = readFileSync(resolve(routesDir, 'routes.tsx'), 'utf8');
      const routes: Record<string, string[]> = {};
      for (const [path, module] of routeModules(routesSource, routesDir)) {
        const list = files(byModule.get(withoutExtension(module)));
        if (list.length) routes[path] = list;
      }
      const catalogFiles = (name: string, locale: string) =>
        files(
          chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`locales/${locale}/${name}.po`)),
        );
      const locales = ['en', 'zh-CN'];
      const catalogs: Record<string, string[]> = {};
      for (const locale of locales) catalogs[locale] = catalogFiles('messages', locale);
      // A route's own catalogue, by language: its page awaits it before it renders (lazyPage).
      const routeCatalogs: Record<string, Record<string, string[]>> = {};
      for (const [path, chunk] of routeChunkNames(routesSource)) {
        const name = CATALOG_OF_ROUTE[chunk];
        if (name)
          routeCatalogs[path] = Object.fromEntries(
            locales.map((locale) => [locale, catalogFiles(name, locale)]),
          );
      }

      const source = `// Generated by scripts/vite-route-preload.ts
const C=${JSON.stringify(catalogs)},R=${JSON.stringify(routes)},K=${JSON.stringify(routeCatalogs)};
let l=null;try{l=localStorage.getItem("language")}catch{}
const q=new URLSearchParams(location.search).get("lang");if(q==="en"||q==="zh-CN")l=q;
if(l==="zh_CN")l="zh-CN";
if(l!=="en"&&l!=="zh-CN")l=(navigator.languages||[]).some(x=>/^en\\b/i.test(x.trim()))?"en":"zh-CN";
const p=location.pathname.length>1?location.pathname.replace(/\\/+$/,""):"/";
const r=R[p]||(p.startsWith("/clause/")?R["/clause/*"]:null)||[];
for(const f of [...C[l],...r,...(K[p]?.[l]||[])]){const k=document.createElement("link");if(f.endsWith(".css")){k.rel="preload";k.as="style";k.crossOrigin=""}else k.rel="modulepreload";k.href=f;document.head.append(k)}
`;
      const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source });
      // The same table for scripts/prerender.mjs (a dot file: the server never serves it).
      this.emitFile({
        type: 'asset',
        fileName: '.route-assets.json',
        source: JSON.stringify({ catalogs, routes, routeCatalogs }),
      });
      const fileName = this.getFileName(ref);
      html.source = String(html.source).replace(
        /<script type="module"/,
        `<script type="module" src="/${fileName}"></script>\n    <script type="module"`,
      );
    },
  };
}
