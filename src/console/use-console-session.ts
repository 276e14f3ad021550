import { useSuspenseQuery } from '@tanstack/react-query';
import type { ConsoleSession } from '../../contract/endpoints/console';
import { consoleSessionQuery } from './api/console-queries';

/**
 * The signed-in staff member inside the shell (the route guard has loaded the session, so this
 * never waits). Null cannot reach here: the guard sends a visitor without a session to sign in.
 */
export function useConsoleSession(): ConsoleSession {
  const { data } = useSuspenseQuery(consoleSessionQuery);
  if (!data) throw new Error('console: no staff session inside the shell');
  return data;
}
