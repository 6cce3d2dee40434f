/** An outside service refused or failed; routes turn it into a 4xx/5xx envelope. */
export class ProviderError extends Error {
  readonly provider: string;
  /**
   * `rejected`: the input (auth code…) was refused; `unavailable`: the service failed;
   * `throttled`: the service limits this user or number for now (try later).
   */
  readonly kind: 'rejected' | 'unavailable' | 'throttled';

  constructor(provider: string, kind: 'rejected' | 'unavailable' | 'throttled', message: string) {
    super(message);
    this.provider = provider;
    this.kind = kind;
    this.name = 'ProviderError';
  }
}
