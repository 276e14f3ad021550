import { operator } from './operator-call';
import { AdminError } from './args';
import { ApiError } from '../protocol/api-error';

/** A refusal's line: fixed, or made from the error's data. */
type Saying = string | ((data: Record<string, unknown> | null) => string);

/**
 * Runs one of the store's operator functions (server/console/store/store-operations.ts) from the CLI,
 * saying a refusal the way the command always said it (`no plan 999`, `coupon X exists`): each
 * listed catalogue error becomes its line; any other is the catalogue's English text. Exit 1 either
 * way, nothing changed.
 */
export async function storeOperator<T>(
  run: () => Promise<T>,
  sayings: readonly (readonly [{ readonly code: number }, Saying])[] = [],
): Promise<T> {
  return operator(async () => {
    try {
      return await run();
    } catch (error) {
      const saying =
        error instanceof ApiError ? sayings.find(([e]) => e.code === error.code) : undefined;
      if (saying)
        throw new AdminError(
          typeof saying[1] === 'string' ? saying[1] : saying[1]((error as ApiError).data),
        );
      throw error;
    }
  });
}
