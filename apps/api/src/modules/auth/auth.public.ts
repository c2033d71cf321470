// The auth module, as other modules and plugins use it: whether a sign-in is active, revoking a user's sessions,
// the live events it publishes and the attempt throttle other sign-in-like endpoints share.

export { changeOwnPassword, isSignInActive, revokeAllSessions } from './auth.service';
export { sessionRevokedEvent, signInEndedEvent } from './auth.events';
export { sandboxAuthorizeRules, throttleAttempt } from './auth.throttle';
