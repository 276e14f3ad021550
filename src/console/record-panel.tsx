import type { ReactNode } from 'react';
import { TitledCard } from '../components/titled-card';
import { Loading, ReadFailure } from './console-table';
import { SmallButton } from './small-button';

/**
 * One record opened from a console list (a member, an order, a node): its title, the way back to
 * the list, then the record once read, a spinner before, or the refusal with a retry.
 */
export function RecordPanel<T>({
  title,
  back,
  onBack,
  query,
  children,
}: {
  title: ReactNode;
  /** The back button's label ("Back to the orders"). */
  back: ReactNode;
  onBack: () => void;
  query: { isError: boolean; error: unknown; refetch: () => unknown; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  return (
    <TitledCard look="console-panel" title={title}>
      <p>
        <SmallButton onClick={onBack}>{back}</SmallButton>
      </p>
      {query.isError ? (
        <ReadFailure query={query} />
      ) : query.data === undefined ? (
        <Loading />
      ) : (
        children(query.data)
      )}
    </TitledCard>
  );
}
