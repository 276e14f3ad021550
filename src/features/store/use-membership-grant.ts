import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { errorCodeOf } from '../../lib/api-error';
import { userInfoKey } from '../../lib/queries/user-info';
import { useSession } from '../../lib/session/session-context';

/**
 * A call that adds membership time (a redeem code, the free trial): whether it runs, the new expiry
 * it gave, or the error code it was refused with. After it, the member's data is fetched again, with
 * the queries in `alsoStale` that the grant changes too.
 */
export function useMembershipGrant(alsoStale: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  const session = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<number | null>(null);
  const [expiry, setExpiry] = useState<string | null>(null);

  /** Refused before asking the server (a field left empty). */
  const refuse = (code: number) => {
    setExpiry(null);
    setError(code);
  };

  /** Runs the call; true when it added the time. */
  const grant = async (call: () => Promise<{ expireTime: string }>) => {
    setExpiry(null);
    setError(null);
    setPending(true);
    try {
      const result = await call();
      setExpiry(result.expireTime);
      void queryClient.invalidateQueries({ queryKey: userInfoKey });
      for (const queryKey of alsoStale) void queryClient.invalidateQueries({ queryKey });
      session.send({ type: 'REFRESH' });
      return true;
    } catch (failure) {
      setError(errorCodeOf(failure));
      return false;
    } finally {
      setPending(false);
    }
  };

  return { pending, error, expiry, refuse, grant };
}
