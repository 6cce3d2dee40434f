/** The rental contract (render, e-sign, check) and the withholding agreement of an order. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, Id, Nullable } from './envelope.ts';

export const OrderRef = Type.Object({ orderId: Id });
export type OrderRef = Static<typeof OrderRef>;

export const ContractHtmlReply = Envelope(
  Type.Object({ contractNo: Nullable(Type.String()), html: Type.String() }),
);
export type ContractHtmlReply = Static<typeof ContractHtmlReply>;

export const Signing = Type.Object({
  contractNo: Type.String(),
  flowId: Type.String(),
  /** Open in the web view; the page reports back through the provider, not the storefront. */
  signUrl: Type.String(),
  status: Type.String(),
});
export type Signing = Static<typeof Signing>;
export const SigningReply = Envelope(Signing);

export const ContractCheck = Type.Object({
  /** none | signing | signed | refused */
  status: Type.String(),
  contractNo: Nullable(Type.String()),
  signedAt: Nullable(Type.String()),
});
export type ContractCheck = Static<typeof ContractCheck>;
export const ContractCheckReply = Envelope(ContractCheck);

/** client/contract: the order's contract with its state, for the contract page. */
export const ContractView = Type.Object({
  status: Type.String(),
  contractNo: Nullable(Type.String()),
  signedAt: Nullable(Type.String()),
  html: Type.String(),
});
export type ContractView = Static<typeof ContractView>;
export const ContractViewReply = Envelope(ContractView);

export const Withholding = Type.Object({
  agreementNo: Type.String(),
  bankName: Type.String(),
  cardNoMasked: Type.String(),
  signedAt: Type.String(),
});
export type Withholding = Static<typeof Withholding>;
export const WithholdingReply = Envelope(Withholding);
