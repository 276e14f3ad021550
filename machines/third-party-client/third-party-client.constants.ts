export const ThirdPartyClientState = {
  LOADING: 'loading',
  LOAD_FAILED: 'loadFailed',
  SETTLED: 'settled',
  UNAVAILABLE: 'unavailable',
  DISABLED: 'disabled',
  ENABLING: 'enabling',
  ENABLED: 'enabled',
  DISABLING: 'disabling',
} as const;

/** The cooldown label counts down once a second. */
export const TICK_MS = 1_000;
