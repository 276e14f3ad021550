import { errorMessage } from '../../contract';
import { KolRefused } from '../console/kol/kol-operations';
import { ApiError } from '../protocol/api-error';
import { AdminError } from './args';
import type { AdminCommand, AdminContext } from './context';

/** A refusal's line: fixed, or made from the error's data. */
type Saying = string | ((data: Record<string, unknown> | null) => string);

/** The catalogue errors a command says in its own words (`no plan 999`, `coupon X exists`). */
export type Sayings = readonly (readonly [{ readonly code: number }, Saying])[];

/** The CLI's line for a catalogue refusal: the command's own, a KOL refusal's, or the catalogue's. */
function refusalLine(error: ApiError, sayings: Sayings): string {
  const saying = sayings.find(([e]) => e.code === error.code)?.[1];
  if (saying !== undefined) return typeof saying === 'string' ? saying : saying(error.data);
  if (error instanceof KolRefused) return error.detail;
  return errorMessage(error.code, 'en', error.data);
}

/**
 * Runs one of the console's operator functions from the CLI: a catalogue refusal becomes the CLI's
 * error line, exit 1, nothing changed. The line is the one `sayings` lists for its code (the way
 * the command always said it), else the text a KOL refusal carries for the CLI, else the
 * catalogue's English text.
 */
export async function operator<T>(run: () => Promise<T>, sayings: Sayings = []): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw new AdminError(refusalLine(error, sayings));
    throw error;
  }
}

/**
 * The command most actions are: run one operator function (through `operator`, with `sayings`)
 * and print the line, or lines, made from its answer; exit 0.
 */
export function operatorCommand<T>(
  change: (context: AdminContext) => Promise<T>,
  report: (answer: T) => string | readonly string[],
  sayings?: Sayings,
): AdminCommand {
  return async (context) => {
    const lines = report(await operator(() => change(context), sayings));
    for (const line of typeof lines === 'string' ? [lines] : lines) context.io.out(line);
    return 0;
  };
}
