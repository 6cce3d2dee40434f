/** Face verification (liveness + comparison with the ID photo): a session the user completes. */

export type FaceOutcome = 'pending' | 'passed' | 'failed';

export interface FaceProvider {
  readonly name: string;
  /** Opens a session for the person on the ID; the user completes it at `url`. */
  start(input: { name: string; idMasked: string; pageBase: string }): Promise<{
    certifyId: string;
    url: string;
  }>;
  /** Hands in a photo for a session (the H5 flow); the verdict comes later. */
  submitPhoto(certifyId: string, photo: Buffer, fileName: string): Promise<void>;
  /** The session's verdict so far; ProviderError 'rejected' for an unknown id. */
  query(certifyId: string): Promise<{ outcome: FaceOutcome; reason: string }>;
}
