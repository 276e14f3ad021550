import { useRef } from 'react';

/**
 * The key of one submission of a form: a double click or a retry sends the same key and changes
 * nothing; `renew` when the form starts over.
 */
export function useSubmissionKey() {
  const key = useRef(crypto.randomUUID());
  return {
    current: () => key.current,
    renew: () => {
      key.current = crypto.randomUUID();
    },
  };
}
