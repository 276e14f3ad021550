import { useState } from 'react';
import type { z } from 'zod';
import { Errors } from '../../../contract/errors';
import { useErrorText } from '../../i18n/use-error-text';
import { errorCodeOf } from '../../lib/api-error';

/** The draft's text fields. */
type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

/**
 * What the content forms (an announcement, a benefit) keep alike: the draft, each field's error from
 * the contract's own schema (in the reader's language), the server's refusal and the pending save.
 * `submit` checks the input first: the fields say what they want, and nothing is sent. `field` is
 * what a text field of the draft is given: its value, its change handler and its error.
 */
export function useContentForm<D extends object>(initial: D) {
  const errorText = useErrorText();
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof D, number>>>({});
  const [failure, setFailure] = useState<number | null>(null);
  const [pending, setPending] = useState(false);

  const set =
    <K extends keyof D>(key: K) =>
    (value: D[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

  const shown = (name: keyof D) => {
    const code = errors[name];
    return code === undefined ? null : errorText(code);
  };

  const field = <K extends TextKey<D>>(name: K) => ({
    value: draft[name] as string,
    onChange: set(name) as (value: string) => void,
    error: shown(name),
  });

  const submit = async <S extends z.ZodType>(
    schema: S,
    input: unknown,
    send: (value: z.output<S>) => Promise<void>,
  ) => {
    setFailure(null);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<keyof D, number>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof D;
        const code = Number(issue.message);
        found[name] ??= Number.isInteger(code) && code > 0 ? code : Errors.BAD_REQUEST.code;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await send(parsed.data);
      setDraft(initial);
    } catch (refusal) {
      setFailure(errorCodeOf(refusal));
    } finally {
      setPending(false);
    }
  };

  return { draft, set, field, failure, pending, submit };
}
