/** Electronic signing: a signing flow for one document and one signer, finished on a web page. */

export interface EsignFlowInput {
  contractNo: string;
  /** The document, as sanitised HTML. */
  html: string;
  signer: { name: string; idMasked: string };
  /** Where the provider posts the signed outcome. */
  notifyUrl: string;
  /** Origin the signing page is served from (this server, for the sandbox). */
  pageBase: string;
}

export interface EsignNotification {
  flowId: string;
  contractNo: string;
  outcome: 'signed' | 'refused';
  /** ISO time the signer acted. */
  finishedAt: string;
  notifyId: string;
}

export interface EsignProvider {
  readonly name: string;
  createFlow(input: EsignFlowInput): Promise<{ flowId: string; signUrl: string }>;
  /** True when a notification's signature is the provider's. */
  verify(body: string, signature: string): boolean;
}
