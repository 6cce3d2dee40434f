/**
 * Sandbox e-sign. `createFlow` keeps the document and returns the URL of a signing page this
 * server serves (`/sandbox/esign/<flowId>`, with "sign" and "refuse" buttons). When the signer
 * acts, the sandbox posts the outcome to the flow's notify URL as the real service does: later,
 * over HTTP, JSON body signed with HMAC-SHA256 in `X-Esign-Signature`, retried (up to 5 times)
 * until the receiver answers 2xx. The same notification may arrive more than once.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ProviderError } from '../errors.ts';
import type { EsignFlowInput, EsignNotification, EsignProvider } from './index.ts';

interface Flow extends EsignFlowInput {
  flowId: string;
  outcome: 'pending' | 'signed' | 'refused';
}

export class SandboxEsign implements EsignProvider {
  readonly name = 'sandbox';
  private readonly flows = new Map<string, Flow>();
  /** The sandbox's signing key; a live adapter reads the provider's public key instead. */
  private readonly secret = randomBytes(32);
  /** Notifications in flight (tests wait for them). */
  private readonly inFlight = new Set<Promise<void>>();

  async createFlow(input: EsignFlowInput) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const flowId = `sbxflow${randomBytes(12).toString('hex')}`;
    this.flows.set(flowId, { ...input, flowId, outcome: 'pending' });
    return { flowId, signUrl: `${input.pageBase}/sandbox/esign/${flowId}` };
  }

  sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('hex');
  }

  verify(body: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The flow behind a signing page, or undefined. */
  flow(flowId: string): Readonly<Flow> | undefined {
    return this.flows.get(flowId);
  }

  /** The signer pressed a button: the outcome is final, and notified asynchronously. */
  finish(flowId: string, outcome: 'signed' | 'refused'): void {
    const flow = this.flows.get(flowId);
    if (!flow) throw new ProviderError('esign', 'rejected', 'unknown flow');
    if (flow.outcome !== 'pending') return;
    flow.outcome = outcome;
    const notification: EsignNotification = {
      flowId,
      contractNo: flow.contractNo,
      outcome,
      finishedAt: new Date().toISOString(),
      notifyId: randomBytes(8).toString('hex'),
    };
    this.track(this.deliver(flow.notifyUrl, notification));
  }

  /** Sends a notification again (the real service retries; tests replay). */
  renotify(flowId: string): Promise<void> {
    const flow = this.flows.get(flowId);
    if (!flow || flow.outcome === 'pending') return Promise.resolve();
    return this.track(
      this.deliver(flow.notifyUrl, {
        flowId,
        contractNo: flow.contractNo,
        outcome: flow.outcome,
        finishedAt: new Date().toISOString(),
        notifyId: randomBytes(8).toString('hex'),
      }),
    );
  }

  /** Resolves once every notification sent so far has been delivered or given up. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private track(delivery: Promise<void>): Promise<void> {
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
    return delivery;
  }

  private async deliver(url: string, notification: EsignNotification): Promise<void> {
    const body = JSON.stringify(notification);
    for (let attempt = 0; attempt < 5; attempt++) {
      await new Promise<void>((resolve) => setTimeout(resolve, attempt === 0 ? 5 : 50 * attempt));
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-esign-signature': this.sign(body) },
          body,
        });
        if (response.ok) return;
      } catch {
        // Receiver down: retry, as the real service does.
      }
    }
  }
}
