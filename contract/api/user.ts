/** The logged-in user: profile, logout, emergency contact, mini-program open id binding. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Mobile, Nullable } from './envelope.ts';
import { MiniProgram } from './login.ts';

export const EmergencyContact = Type.Object({
  name: FreeText(1, 20),
  mobile: Mobile,
  /** 父母, 配偶, 子女, 兄弟姐妹, 朋友, 同事… (dictionary `contact_relation`). */
  relation: FreeText(1, 10),
});
export type EmergencyContact = Static<typeof EmergencyContact>;

export const UserInfo = Type.Object({
  id: Type.Integer(),
  /** The user's own number; null for a wallet-only account. */
  mobile: Nullable(Type.String()),
  nickname: Type.String(),
  avatar: Type.String(),
  /** The brand this session belongs to. */
  platform: Type.Integer(),
  alipayBound: Type.Boolean(),
  /** Replies carry plain shapes: the serializer would re-check patterns inside a union. */
  contact: Nullable(
    Type.Object({ name: Type.String(), mobile: Type.String(), relation: Type.String() }),
  ),
  /** ISO 8601. */
  createdAt: Type.String(),
});
export type UserInfo = Static<typeof UserInfo>;
export const UserInfoReply = Envelope(UserInfo);
export type UserInfoReply = Static<typeof UserInfoReply>;

export const ContactBody = EmergencyContact;
export type ContactBody = Static<typeof ContactBody>;
export const ContactReply = Envelope(EmergencyContact);
export type ContactReply = Static<typeof ContactReply>;

/** Binds this brand's mini-program open id (from a fresh login code) to the user. */
export const UpdateOpenIdBody = Type.Object({
  provider: MiniProgram,
  loginCode: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,128}$' }),
});
export type UpdateOpenIdBody = Static<typeof UpdateOpenIdBody>;
export const UpdateOpenIdReply = Envelope(Type.Object({ bound: Type.Boolean() }));
export type UpdateOpenIdReply = Static<typeof UpdateOpenIdReply>;

export const EmptyReply = Envelope(Type.Null());
export type EmptyReply = Static<typeof EmptyReply>;

/** Change the account's mobile: a code sent to the new number by /api/login/sendCode. */
export const ChangeMobileBody = Type.Object({
  mobile: Mobile,
  code: Type.String({ pattern: '^[0-9]{6}$' }),
});
export type ChangeMobileBody = Static<typeof ChangeMobileBody>;
