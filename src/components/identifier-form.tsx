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
import { CodeChannel } from '../../contract/enums';
import { emailField, phoneField, usernameField } from '../../contract/validation';
import type {
  SendCodeParams,
  SendCodeResult,
} from '../../machines/verification-code/verification-code.types';
import { useErrorText } from '../i18n/use-error-text';
import { fieldError, type FieldErrors } from '../lib/validate';
import { SendCodeButton } from './send-code-button';
import { ChannelTabs } from './ui/tabs';
import { TextField } from './ui/text-field';

/** How a person names their account: a username, or an address a code can be sent to. */
export type IdentifierMethod = 'username' | 'email' | 'phone';

/** An e-mail address or a phone number, as the code requests take it. */
export type ChannelTarget =
  | { channel: typeof CodeChannel.EMAIL; target: string }
  | { channel: typeof CodeChannel.PHONE; target: string };

/**
 * The identifier of a tabbed form (register, reset password, a new e-mail or phone): the chosen
 * tab, the identifier and the code typed, and the "Send code" request. Switching tabs starts the
 * fields afresh.
 */
export function useIdentifier<
  M extends IdentifierMethod,
  F extends string,
  P extends SendCodeParams = SendCodeParams,
>({
  initial,
  codeRequest,
  setErrors,
}: {
  initial: M;
  /** The code request for a valid address (its purpose, or the password), or null to refuse. */
  codeRequest: (address: ChannelTarget) => P | null;
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

  const channelTarget = (): ChannelTarget =>
    method === 'email'
      ? { channel: CodeChannel.EMAIL, target: target.trim() }
      : { channel: CodeChannel.PHONE, target: target.trim() };

  const prepareSend = useCallback((): P | null => {
    const problem = fieldError(method === 'email' ? emailField : phoneField, target);
    setErrors((current) => ({ ...current, target: problem ?? undefined }));
    if (problem !== null) return null;
    const address: ChannelTarget =
      method === 'email'
        ? { channel: CodeChannel.EMAIL, target: target.trim() }
        : { channel: CodeChannel.PHONE, target: target.trim() };
    return codeRequest(address);
  }, [method, target, codeRequest, setErrors]);

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

export type Identifier<
  M extends IdentifierMethod,
  P extends SendCodeParams = SendCodeParams,
> = ReturnType<typeof useIdentifier<M, string, P>>;

/**
 * The tabs of the ways to identify oneself and the form they control: the identifier's field, the
 * page's fields that a code request needs (`beforeCode`), the verification code with its "Send
 * code" button (not for a username), then the page's own fields.
 */
export function IdentifierForm<M extends IdentifierMethod, P extends SendCodeParams>({
  label,
  methods,
  identifier,
  sendCode,
  hints,
  codeHint,
  targetLabels,
  targetError,
  codeError,
  beforeCode,
  onSendError,
  className = 'auth-form',
  onSubmit,
  children,
}: {
  /** The tab list's name ("Register with"). */
  label: string;
  /** The tabs, in order. */
  methods: readonly M[];
  identifier: Identifier<M, P>;
  /** The code request's API call. */
  sendCode: (params: P) => Promise<SendCodeResult>;
  /** A hint under the identifier's field, by tab. */
  hints?: Partial<Record<M, ReactNode>>;
  /** A hint under the code's field. */
  codeHint?: ReactNode;
  /** The identifier field's label by tab, where the page names it otherwise ("New email"). */
  targetLabels?: Partial<Record<M, ReactNode>>;
  targetError: string | null;
  codeError: string | null;
  beforeCode?: ReactNode;
  /** A refused code request, for the page to show where it belongs; under the code otherwise. */
  onSendError?: (code: number | null) => void;
  className?: string;
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
      <form id={panelId} role="tabpanel" className={className} noValidate onSubmit={onSubmit}>
        <TextField
          key={method}
          label={
            targetLabels?.[method] ??
            (method === 'username' ? (
              <Trans>Username</Trans>
            ) : method === 'email' ? (
              <Trans>Email</Trans>
            ) : (
              <Trans>Phone number</Trans>
            ))
          }
          value={identifier.target}
          onChange={identifier.setTarget}
          error={targetError}
          type={method === 'email' ? 'email' : method === 'phone' ? 'tel' : 'text'}
          autoComplete={method === 'email' ? 'email' : method === 'phone' ? 'tel' : 'username'}
          hint={hints?.[method]}
        />
        {beforeCode}
        {method !== 'username' && (
          <TextField
            label={<Trans>Verification code</Trans>}
            value={identifier.code}
            onChange={identifier.setCode}
            error={codeError ?? (sendError ? errorText(sendError) : null)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint={codeHint}
            addon={
              <SendCodeButton
                key={method}
                prepare={identifier.prepareSend}
                sendCode={sendCode}
                onError={onSendError ?? setSendError}
              />
            }
          />
        )}
        {children}
      </form>
    </>
  );
}
