import { useCallback, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from './ui/confirm-dialog';
import { showToast } from '../lib/toast-store';
import { resetSubscription } from '../lib/queries/subscription';

/**
 * The reset of the subscription, asked first: every old link stops working and the VPN servers drop
 * the old credentials at their next update. On /user/profile's subscription card and beside the
 * list of who fetched the subscription on /user/security.
 */
export function ResetSubscriptionAction({
  textClassName = 'profile-card__text',
  buttonClassName = 'btn btn-secondary',
}: {
  /** The class of the message once it is done, and of the button: each card keeps its look. */
  textClassName?: string;
  buttonClassName?: string;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setAsking(false);
    button.current?.focus();
  }, []);

  const confirm = async () => {
    setPending(true);
    try {
      await resetSubscription();
      setDone(true);
      close();
      showToast(t`Your subscription has been reset.`, 'success');
      await queryClient.invalidateQueries();
    } catch {
      // The toast said why; the dialog stays for another try or a cancel.
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {done && (
        <p className={textClassName} role="status">
          <Trans>
            Done: your old links no longer work. Get a new one on the{' '}
            <Link to="/user/third-party-client">Third-party client</Link> page.
          </Trans>
        </p>
      )}
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        onClick={() => setAsking(true)}
      >
        <Trans>Reset subscription</Trans>
      </button>
      {asking && (
        <ConfirmDialog
          title={<Trans>Reset your subscription?</Trans>}
          text={
            <Trans>
              Every subscription link stops working at once, and our VPN servers drop your old
              connection details within a minute, so your devices disconnect until they import
              again.
            </Trans>
          }
          confirmLabel={<Trans>Reset subscription</Trans>}
          pending={pending}
          onCancel={close}
          onConfirm={() => void confirm()}
        />
      )}
    </>
  );
}
