/**
 * Bank-card binding and withholding through a payment channel: the channel checks the card
 * against the holder and the bank's reserved mobile, texts a code there, and on confirmation
 * returns an agreement number we withhold with. The card number stays with the channel.
 */

export interface BankCardProvider {
  readonly name: string;
  /** Starts a binding: the bank texts a code to `mobile`. Returns the channel's request number. */
  preBind(input: {
    cardNo: string;
    mobile: string;
    holderName: string;
  }): Promise<{ bindRequestNo: string }>;
  /** Checks the texted code; false when wrong. ProviderError 'rejected' when unknown/expired. */
  verifyCode(bindRequestNo: string, code: string): Promise<boolean>;
  /** Completes a verified binding; returns the agreement number used to withhold. */
  confirmBind(bindRequestNo: string): Promise<{ agreementNo: string }>;
  /** Signs a withholding agreement for one order on a bound card. */
  signWithholding(input: {
    agreementNo: string;
    orderRef: string;
  }): Promise<{ protocolNo: string }>;
  /**
   * Revokes a signed withholding agreement at the bank: nothing more may be deducted under it.
   * Revoking one already revoked succeeds (the call is retried until confirmed). ProviderError
   * 'unavailable' when the bank could not be reached, 'rejected' when it refuses for good.
   */
  revokeWithholding(protocolNo: string): Promise<void>;
}
