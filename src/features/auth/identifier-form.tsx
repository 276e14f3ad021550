import {
  useCallback,
  useId,
  useState,
  type Dispatch,
  type FormEvent,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { Trans } from '@lingui/react/macro';
import { CodeChannel, type CodePurpose } from '../../../contract/enums';
import { emailField, phoneField, usernameField } from '../../../contract/validation';
import { ChannelTabs } from '../../components/ui/tabs';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';
import { fieldError, type FieldErrors } from '../../lib/validate';
import { SendCodeButton } from './send-code-button';

/** How a person names their account: a username, or an address a code can be sent to. */
export type IdentifierMethod = 'username' | 'email' | 'phone';

/**
 * The identifier of a tabbed auth form (register, reset password): the chosen tab, the identifier
 * and the code typed, and the "Send code" request. Switching tabs starts the fields afresh.
 */
export function useIdentifier<M extends IdentifierMethod, F extends string>({
  initial,
  purpose,
  setErrors,
}: {
  initial: M;
  purpose: CodePurpose;
  /** The page's field errors: a tab switch clears them, "Send code" checks the target's. */
  setErrors: Dispatch<SetStateAction<FieldErrors<F | 'target'>>>;
}) {
  const [method, setMethod] = useState<M>(initial);
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');

  const switchTo = (next: M) => {
    setMethod(next);
    setTarget('');
    setCode('');
    setErrors({});
  };

  const channelTarget = () =>
    method === 'email'
      ? { channel: CodeChannel.EMAIL, target: target.trim() }
      : { channel: CodeChannel.PHONE, target: target.trim() };

  const prepareSend = useCallback(() => {
    const problem = fieldError(method === 'email' ? emailField : phoneField, target);
    setErrors((current) => ({ ...current, target: problem ?? undefined }));
    if (problem !== null) return null;
    return method === 'email'
      ? { channel: CodeChannel.EMAIL, target: target.trim(), purpose }
      : { channel: CodeChannel.PHONE, target: target.trim(), purpose };
  }, [method, target, purpose, setErrors]);

  const targetRule =
    method === 'username' ? usernameField : method === 'email' ? emailField : phoneField;

  return {
    method,
    target,
    setTarget,
    code,
    setCode,
    switchTo,
    channelTarget,
    prepareSend,
    targetRule,
  };
}

/** The tabs' names: the ways of identifying oneself. */
const METHOD_LABELS: Record<IdentifierMethod, ReactNode> = {
  username: <Trans>Username</Trans>,
  email: <Trans>Email</Trans>,
  phone: <Trans>Phone</Trans>,
};

export type Identifier<M extends IdentifierMethod> = ReturnType<typeof useIdentifier<M, string>>;

/**
 * The tabs of the ways to identify oneself and the form they control: the identifier's field, the
 * verification code with its "Send code" button (not for a username), then the page's own fields.
 */
export function IdentifierForm<M extends IdentifierMethod>({
  label,
  methods,
  identifier,
  hints,
  targetError,
  codeError,
  onSubmit,
  children,
}: {
  /** The tab list's name ("Register with"). */
  label: string;
  /** The tabs, in order. */
  methods: readonly M[];
  identifier: Identifier<M>;
  /** A hint under the identifier's field, by tab. */
  hints?: Partial<Record<M, ReactNode>>;
  targetError: string | null;
  codeError: string | null;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const errorText = useErrorText();
  const panelId = useId();
  const [sendError, setSendError] = useState<number | null>(null);
  const { method } = identifier;
  return (
    <>
      <ChannelTabs
        label={label}
        panelId={panelId}
        value={method}
        onChange={identifier.switchTo}
        options={methods.map((key) => ({ key, label: METHOD_LABELS[key] }))}
      />
      <form id={panelId} role="tabpanel" className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          key={method}
          label={
            method === 'username' ? (
              <Trans>Username</Trans>
            ) : method === 'email' ? (
              <Trans>Email</Trans>
            ) : (
              <Trans>Phone number</Trans>
            )
          }
          value={identifier.target}
          onChange={identifier.setTarget}
          error={targetError}
          type={method === 'email' ? 'email' : method === 'phone' ? 'tel' : 'text'}
          autoComplete={method === 'email' ? 'email' : method === 'phone' ? 'tel' : 'username'}
          hint={hints?.[method]}
        />
        {method !== 'username' && (
          <TextField
            label={<Trans>Verification code</Trans>}
            value={identifier.code}
            onChange={identifier.setCode}
            error={codeError ?? (sendError ? errorText(sendError) : null)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            addon={
              <SendCodeButton
                key={method}
                prepare={identifier.prepareSend}
                onError={setSendError}
              />
            }
          />
        )}
        {children}
      </form>
    </>
  );
}
