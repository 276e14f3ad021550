import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import './form.css';

/** SPEC §5: the user agrees to the User Agreement and Privacy Policy before login or register. */
export function AgreementField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className="check">
      <div className="check__row">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>
          <Trans>
            I have read and agree to the{' '}
            <Link to="/clause/$name" params={{ name: 'terms' }} target="_blank">
              User Agreement
            </Link>{' '}
            and{' '}
            <Link to="/clause/$name" params={{ name: 'privacy' }} target="_blank">
              Privacy Policy
            </Link>
          </Trans>
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
