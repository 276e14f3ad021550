import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { SessionActor, SessionSnapshot } from './session';

export const SessionContext = createContext<SessionActor | null>(null);

export function useSession(): SessionActor {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionContext');
  return session;
}

export function useSessionState<T>(select: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSession(), select);
}
