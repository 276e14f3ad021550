export const KolPayoutState = {
  CHECKING: 'checking',
  NO_ADDRESS: 'noAddress',
  BELOW_THRESHOLD: 'belowThreshold',
  READY: 'ready',
  CONFIRMING: 'confirming',
  REQUESTING: 'requesting',
  REQUESTED: 'requested',
} as const;
