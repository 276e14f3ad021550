export const OrderRefundState = {
  IDLE: 'idle',
  EDITING: 'editing',
  REFUNDING: 'refunding',
  STEPPING_UP: 'steppingUp',
  VERIFYING: 'verifying',
  REFUNDED: 'refunded',
} as const;
