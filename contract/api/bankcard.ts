/**
 * Bank cards: issuer lookup and binding (preOrder → verify → bind). Card numbers are sent, never
 * returned: replies carry the first 6 and last 4 digits.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, Mobile } from './envelope.ts';

/** Digits, spaces allowed between groups; the issuer table decides what is a card number. */
export const CardNumber = Type.String({ minLength: 12, maxLength: 40 });
export const BindId = Type.String({ pattern: '^[A-Za-z0-9]{8,64}$' });

export const BankInfoQuery = Type.Object({ cardNo: CardNumber });
export type BankInfoQuery = Static<typeof BankInfoQuery>;
export const BankInfo = Type.Object({
  bankName: Type.String(),
  bankCode: Type.String(),
  /** DC | CC | SCC | PC */
  cardType: Type.String(),
  cardTypeName: Type.String(),
});
export type BankInfo = Static<typeof BankInfo>;
export const BankInfoReply = Envelope(BankInfo);

export const BindPreOrderBody = Type.Object({ cardNo: CardNumber, mobile: Mobile });
export type BindPreOrderBody = Static<typeof BindPreOrderBody>;
export const BindPreOrder = Type.Object({
  bindId: Type.String(),
  bankName: Type.String(),
  cardType: Type.String(),
  cardTypeName: Type.String(),
  cardNoMasked: Type.String(),
  mobileMasked: Type.String(),
});
export type BindPreOrder = Static<typeof BindPreOrder>;
export const BindPreOrderReply = Envelope(BindPreOrder);

export const VerifyBindBody = Type.Object({
  bindId: BindId,
  code: Type.String({ pattern: '^[0-9]{6}$' }),
});
export type VerifyBindBody = Static<typeof VerifyBindBody>;
export const VerifyBindReply = Envelope(Type.Object({ verified: Type.Boolean() }));

export const BindBody = Type.Object({ bindId: BindId });
export type BindBody = Static<typeof BindBody>;
export const BankCard = Type.Object({
  id: Type.Integer(),
  bankName: Type.String(),
  bankCode: Type.String(),
  cardType: Type.String(),
  cardTypeName: Type.String(),
  cardNoMasked: Type.String(),
  mobileMasked: Type.String(),
});
export type BankCard = Static<typeof BankCard>;
export const BankCardReply = Envelope(BankCard);
export const BankCardListReply = Envelope(Type.Array(BankCard));
