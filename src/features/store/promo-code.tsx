import { useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { TextField } from '../../components/ui/text-field';

/** The promo code of the order summary: a toggle, the field, or the code applied. */
export function PromoCode({
  applied,
  asked,
  checking,
  error,
  onApply,
  onRemove,
}: {
  applied: string | null;
  /** The code the link brought (?coupon=): the field starts open with it, so a refusal shows. */
  asked: string | null;
  checking: boolean;
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(asked !== null);
  const [code, setCode] = useState(asked ?? '');
  if (applied) {
    return (
      <div className="promo promo--applied" role="status">
        <span>
          <Trans>
            Promo code <strong>{applied}</strong> applied
          </Trans>
        </span>
        <button type="button" className="btn btn-ghost promo__remove" onClick={onRemove}>
          <Trans>Remove</Trans>
        </button>
      </div>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className="btn btn-ghost promo__toggle"
        aria-expanded="false"
        onClick={() => setOpen(true)}
      >
        <Trans>Have a promo code?</Trans>
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(code);
  };
  return (
    <form className="promo" noValidate onSubmit={submit}>
      <TextField
        label={<Trans>Promo code</Trans>}
        value={code}
        onChange={setCode}
        error={error}
        autoComplete="off"
        autoFocus
        addon={
          <button
            type="submit"
            className="btn btn-secondary"
            disabled={checking}
            aria-busy={checking}
          >
            {checking && <span className="spinner" aria-hidden="true" />}
            <Trans>Apply</Trans>
          </button>
        }
      />
    </form>
  );
}
