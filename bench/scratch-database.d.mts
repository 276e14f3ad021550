/** Types of scratch-database.mjs, for the TypeScript benches. */
export interface ScratchDatabase {
  readonly name: string;
  readonly url: string;
  drop(): Promise<void>;
}

export function createScratchDatabase(prefix: string): Promise<ScratchDatabase>;
