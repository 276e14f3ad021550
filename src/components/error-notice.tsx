import type { ReactNode } from 'react';
import { useErrorText } from '../i18n/use-error-text';

/**
 * A refusal that stops the page or a step of it: the catalogue's words for `code` (with the values
 * of `data` they name), in the reader's language, then what the reader can do about it: `retry`, a
 * button that asks again, or the `children` (another way).
 */
export function ErrorNotice({
  className,
  code,
  data,
  retry,
  children,
}: {
  className: string;
  code: number;
  data?: unknown;
  retry?: { label: ReactNode; onClick: () => void };
  children?: ReactNode;
}) {
  const errorText = useErrorText();
  return (
    <div className={className} role="alert">
      <p>{errorText(code, data)}</p>
      {children}
      {retry && (
        <button type="button" className="btn btn-secondary" onClick={retry.onClick}>
          {retry.label}
        </button>
      )}
    </div>
  );
}
