/** Polling of the verdicts that land asynchronously (face, e-sign). */
export const FACE_POLL_MS = 500;
export const FACE_POLL_TRIES = 20;
export const SIGN_POLL_MS = 700;
export const SIGN_POLL_TRIES = 20;

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
