import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { SubmitButton } from '../components/ui/submit-button';

/** A settings form's submit button ("Save the rate"), then "Saved." once the last save went through. */
export function SaveButton({
  pending,
  saved,
  children,
}: {
  pending: boolean;
  saved: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <SubmitButton pending={pending}>{children}</SubmitButton>
      {saved && (
        <p role="status">
          <Trans>Saved.</Trans>
        </p>
      )}
    </>
  );
}
