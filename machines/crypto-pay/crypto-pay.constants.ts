/** Top-level states; `connecting`, `quoted` and some of its children have sub-states. */
export const CryptoPayState = {
  LOADING: 'loading',
  INVALID_PRODUCT: 'invalidProduct',
  UNAVAILABLE: 'unavailable',
  SELECTING_NETWORK: 'selectingNetwork',
  SELECTING_TOKEN: 'selectingToken',
  CONNECTING: 'connecting',
  CHECKING_NETWORK: 'checkingNetwork',
  WRONG_NETWORK: 'wrongNetwork',
  SWITCHING: 'switching',
  QUOTING: 'quoting',
  QUOTE_FAILED: 'quoteFailed',
  QUOTED: 'quoted',
  PAID: 'paid',
  REVERSED: 'reversed',
  EXPIRED: 'expired',
  FAILED: 'failed',
} as const;

export const CryptoPayActor = {
  LOAD_OPTIONS: 'loadOptions',
  CONNECT_WALLET: 'connectWallet',
  SWITCH_NETWORK: 'switchNetwork',
  REQUEST_QUOTE: 'requestQuote',
  SIGN_PROOF: 'signProof',
  PROVE_QUOTE: 'proveQuote',
  SEND_PAYMENT: 'sendPayment',
  SUBMIT_PAYMENT: 'submitPayment',
  FETCH_STATUS: 'fetchStatus',
} as const;

/** While a transaction confirms, its status is asked for every POLL_MS. */
export const POLL_MS = 3_000;
/** A hash the server did not take (network, server) is sent again after this. */
export const SUBMIT_RETRY_MS = 3_000;
