/**
 * Sandbox face verification. A session starts `pending`; it ends when the user presses "pass" or
 * "fail" on the sandbox page (`/sandbox/face/<certifyId>`), or hands in a photo with face/put: a
 * photo whose file name contains `fail` fails ("not the same person"), any other passes. As with
 * the real service the verdict is not immediate: it lands on the next turn of the event loop, so
 * a client must poll face/result.
 */
import { randomBytes } from 'node:crypto';
import { ProviderError } from '../errors.ts';
import type { FaceOutcome, FaceProvider } from './index.ts';

interface Session {
  outcome: FaceOutcome;
  reason: string;
}

export class SandboxFace implements FaceProvider {
  readonly name = 'sandbox';
  private readonly sessions = new Map<string, Session>();

  async start(input: { name: string; idMasked: string; pageBase: string }) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const certifyId = `sbxface${randomBytes(12).toString('hex')}`;
    this.sessions.set(certifyId, { outcome: 'pending', reason: '' });
    return { certifyId, url: `${input.pageBase}/sandbox/face/${certifyId}` };
  }

  async submitPhoto(certifyId: string, _photo: Buffer, fileName: string): Promise<void> {
    this.finish(certifyId, /fail/i.test(fileName) ? 'failed' : 'passed');
  }

  async query(certifyId: string) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const session = this.sessions.get(certifyId);
    if (!session) throw new ProviderError('face', 'rejected', 'unknown certify id');
    return { ...session };
  }

  /** The sandbox page's buttons (and face/put). The verdict lands asynchronously. */
  finish(certifyId: string, outcome: 'passed' | 'failed'): void {
    const session = this.sessions.get(certifyId);
    if (!session) throw new ProviderError('face', 'rejected', 'unknown certify id');
    if (session.outcome !== 'pending') return;
    setTimeout(() => {
      session.outcome = outcome;
      session.reason = outcome === 'failed' ? '人脸与身份证照片不一致' : '';
    }, 5);
  }

  has(certifyId: string): boolean {
    return this.sessions.has(certifyId);
  }
}
