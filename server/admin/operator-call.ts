import { errorMessage } from '../../contract';
import { ApiError } from '../protocol/api-error';
import { AdminError } from './args';

/**
 * Runs one of the console's operator functions from the CLI: its catalogue failure (in English)
 * becomes the CLI's error line, exit 1, nothing changed.
 */
export async function operator<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw new AdminError(errorMessage(error.code, 'en', error.data));
    throw error;
  }
}
