/**
 * DESIGN §1's one-way imports are enforced by ESLint (`import-x/no-restricted-paths` in
 * eslint.config.js). A zone matches resolved files, so a resolver that cannot see `.ts` files
 * silently turns every zone off (it did: server/ imported src/ with lint passing). Each case lints
 * a one-line module as if it sat in that folder, with the project's own configuration.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('one-way imports (DESIGN §1)', () => {
  // Loading the configuration (typescript-eslint, the plugins) takes seconds on a busy machine.
  beforeAll(() => eslint.calculateConfigForFile('server/app.ts'), 60_000);

  it.each([
    ['server/web/x.ts', "export { isAdCrawler } from '../../src/app/ad-crawler';", 'server/'],
    [
      'server/x.ts',
      "export { sessionMachine } from '../machines/session/session.machine';",
      'server/',
    ],
    ['contract/x.ts', "export { currentPlatform } from '../src/lib/platform';", 'contract/'],
    ['machines/x.ts', "export { currentPlatform } from '../src/lib/platform';", 'machines/'],
    ['src/lib/x.ts', "export { buildApp } from '../../server/app';", 'src/'],
    ['src/features/faq/x.ts', "export { priceIn } from '../store/pricing-math';", 'feature'],
  ])('%s may not import that', async (filePath, source, rule) => {
    const found = await restrictedImports(filePath, source);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(rule);
  });

  it.each([
    ['server/x.ts', "export { detectPlatform } from '../contract/platform';"],
    ['machines/x.ts', "export { Errors } from '../contract/errors';"],
    ['src/lib/x.ts', "export { sessionMachine } from '../../machines/session/session.machine';"],
    ['src/pages/x.ts', "export { OrdersCard } from '../features/store/orders-card';"],
  ])('%s may import that', async (filePath, source) => {
    expect(await restrictedImports(filePath, source)).toEqual([]);
  });
});
