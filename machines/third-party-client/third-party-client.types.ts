import type { DataOf, endpoints } from '../../contract';

/** What the state call and the toggle answer (server time included). */
export type ThirdPartyClientSnapshot = DataOf<typeof endpoints.userThirdPartyClient>;

export interface ThirdPartyClientContext {
  readonly enabled: boolean;
  /** Milliseconds until switching on is allowed, from the server's clock at the last answer. */
  readonly remainingMs: number;
  readonly nextEnableAt: string | null;
  /** 10 while on, null (unlimited) while off. */
  readonly speedLimitMbps: number | null;
  readonly membershipActive: boolean;
  /** Contract error code of the last failed call, or null. */
  readonly errorCode: number | null;
}

export type ThirdPartyClientEvent =
  | { readonly type: 'ENABLE' }
  /** Asks to switch off: the machine waits for CONFIRM or CANCEL before calling the server. */
  | { readonly type: 'DISABLE' }
  | { readonly type: 'CONFIRM' }
  | { readonly type: 'CANCEL' }
  | { readonly type: 'RETRY' };
