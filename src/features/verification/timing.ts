/** Polling of the verdicts that land asynchronously (face, e-sign). */
export const FACE_POLL_MS = 500;
export const FACE_POLL_TRIES = 20;
export const SIGN_POLL_MS = 700;
export const SIGN_POLL_TRIES = 20;
/**
 * While the signing page is open above the contract step: how often the step asks for the
 * verdict, and for how long (10 minutes) before it leaves it to the user's way back.
 */
export const SIGN_WATCH_MS = 1500;
export const SIGN_WATCH_TRIES = 400;

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
