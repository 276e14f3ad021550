/** Names the session machine shares with the SPA, its tests and the Playwright path runner. */

/** Every state of the session machine; the graph test proves each one is reachable. */
export const SessionState = {
  UNKNOWN: 'unknown',
  LOGGED_IN: 'loggedIn',
  LOGGING_OUT: 'loggingOut',
  LOGGED_OUT: 'loggedOut',
} as const;

/** Invoke ids, equal to the actor names, so that done/error event types are predictable. */
export const SessionActor = {
  FETCH_USER_INFO: 'fetchUserInfo',
  LOGOUT: 'logout',
} as const;
