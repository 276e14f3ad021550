import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { FieldError, useFieldDescription } from './field-description';
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
  const { id, errorId, control } = useFieldDescription(error);
  return (
    <div className="check">
      <div className="check__row">
        <input
          {...control}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
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
      <FieldError id={errorId} error={error} />
    </div>
  );
}
