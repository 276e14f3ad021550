import { useCallback, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Errors } from '../../../contract/errors';
import { currentPasswordField, verificationCodeField } from '../../../contract/validation';
import {
  IdentifierForm,
  useIdentifier,
  type ChannelTarget,
} from '../../components/identifier-form';
import { TitledCard } from '../../components/titled-card';
import { SubmitButton } from '../../components/ui/submit-button';
import { CurrentPasswordField } from '../../components/ui/password-fields';
import { useErrorText } from '../../i18n/use-error-text';
import { refusalOf, type Refusal } from '../../lib/api-error';
import { userInfoKey } from '../../lib/queries/user-info';
import { showToast } from '../../lib/toast-store';
import { collectErrors, fieldError, type FieldErrors } from '../../lib/validate';
import {
  changeTarget,
  sendChangeTargetCode,
  securityKey,
  type ChangeTargetCodeRequest,
} from './api/security';
import { Detail } from '../../components/ui/detail';

type Method = 'email' | 'phone';
type Field = 'target' | 'code' | 'password';

/** Where a refusal of the server is shown: under the field it is about. */
function fieldOf(code: number): Field {
  if (code === Errors.PASSWORD_INCORRECT.code || code === Errors.REQUIRED_PASSWORD.code) {
    return 'password';
  }
  return CODE_REFUSALS.has(code) ? 'code' : 'target';
}

const CODE_REFUSALS: ReadonlySet<number> = new Set([
  Errors.CODE_INVALID.code,
  Errors.CODE_TOO_MANY_ATTEMPTS.code,
  Errors.REQUIRED_CODE.code,
  Errors.CODE_COOLDOWN.code,
  Errors.CODE_DAILY_LIMIT.code,
  Errors.CODE_CHANNEL_UNAVAILABLE.code,
]);

/**
 * The e-mail and phone the account signs in with, and their change (docs/account-security.md,
 * "E-mail and phone"): the new address, the current password, then a code sent to the new address
 * (the verification-code machine's button). The address changes only when the code is right; a
 * notice goes to the old one. An address another account has gets a note instead of a code, and
 * this form is answered exactly as for a free one.
 */
export function AddressCard({ email, phone }: { email: string | null; phone: string | null }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [pending, setPending] = useState(false);

  // "Send code" needs the password as well as the address: both are checked before a code goes.
  const codeRequest = useCallback(
    (address: ChannelTarget): ChangeTargetCodeRequest | null => {
      const problem = fieldError(currentPasswordField, password);
      setErrors((current) => ({ ...current, password: problem ?? undefined }));
      return problem === null ? { ...address, password } : null;
    },
    [password],
  );
  const identifier = useIdentifier<Method, Field, ChangeTargetCodeRequest>({
    initial: 'email',
    codeRequest,
    setErrors,
  });
  // A refused code request (the password, the address, the wait) is shown under what it is about.
  const onSendError = useCallback(
    (code: number | null) => setRefusal(code === null ? null : { code }),
    [],
  );

  const close = () => {
    setOpen(false);
    setPassword('');
    identifier.switchTo('email');
    setRefusal(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      target: fieldError(identifier.targetRule, identifier.target),
      password: fieldError(currentPasswordField, password),
      code: fieldError(verificationCodeField, identifier.code),
    });
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const address = identifier.channelTarget();
      const changed = await changeTarget({ ...address, code: identifier.code.trim(), password });
      showToast(
        address.channel === 'email'
          ? t`Your email address is now ${changed.email ?? address.target}.`
          : t`Your phone number is now ${changed.phone ?? address.target}.`,
        'success',
      );
      close();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKey }),
        queryClient.invalidateQueries({ queryKey: userInfoKey }),
      ]);
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setPending(false);
    }
  };

  const err = (field: Field): string | null => {
    if (errors[field]) return errorText(errors[field]);
    if (refusal && fieldOf(refusal.code) === field) return errorText(refusal);
    return null;
  };

  const none = <Trans>Not set</Trans>;
  return (
    <TitledCard look="security-card" title={<Trans>Email and phone</Trans>}>
      <dl className="security-addresses">
        <div>
          <Detail term={<Trans>Email</Trans>}>{email ?? none}</Detail>
        </div>
        <div>
          <Detail term={<Trans>Phone</Trans>}>{phone ?? none}</Detail>
        </div>
      </dl>
      {!open ? (
        <button
          type="button"
          className="btn btn-secondary security-card__action"
          onClick={() => setOpen(true)}
        >
          <Trans>Change email or phone</Trans>
        </button>
      ) : (
        <div className="security-address-change">
          <IdentifierForm
            label={t`Address to change`}
            methods={['email', 'phone']}
            identifier={identifier}
            sendCode={sendChangeTargetCode}
            onSendError={onSendError}
            className="security-form"
            targetLabels={{
              email: <Trans>New email</Trans>,
              phone: <Trans>New phone number</Trans>,
            }}
            targetError={err('target')}
            codeError={err('code')}
            codeHint={
              <Trans>
                The code goes to the new address. If another account already uses it, that address
                gets a note instead of a code.
              </Trans>
            }
            beforeCode={
              <CurrentPasswordField
                value={password}
                onChange={setPassword}
                error={err('password')}
              />
            }
            onSubmit={(event) => void submit(event)}
          >
            <div className="security-card__buttons">
              <SubmitButton pending={pending}>
                <Trans>Save</Trans>
              </SubmitButton>
              <button type="button" className="btn btn-ghost" onClick={close}>
                <Trans>Cancel</Trans>
              </button>
            </div>
          </IdentifierForm>
        </div>
      )}
    </TitledCard>
  );
}
