/**
 * The pictures of docs/architecture.md are drawn by dependency-cruiser from the imports (`npm run
 * docs`); a picture that no longer matches the code fails here, as a stale docs/errors.md does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderArchitectureDoc } from '../../scripts/architecture-graph';

describe('docs/architecture.md', () => {
  it('shows the import graphs the code has now (npm run docs)', async () => {
    const committed = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
    expect(committed).toContain('```mermaid\nflowchart LR');
    expect(await renderArchitectureDoc(committed)).toBe(committed);
  }, 120_000);
});
