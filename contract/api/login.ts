/** Login: SMS code, Alipay auth code, mini-program phone number, H5 OAuth. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, Mobile, Nullable } from './envelope.ts';

/** Launch channel code (`code` in the launch query), kept on first login. */
const ChannelCode = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
/** A one-time code from a wallet (auth code, phone code, login code). */
const WalletCode = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,128}$' });

export const SendCodeBody = Type.Object({ mobile: Mobile });
export type SendCodeBody = Static<typeof SendCodeBody>;
/** `retryAfter`: seconds until another code may be sent. */
export const SendCodeReply = Envelope(Type.Object({ retryAfter: Type.Integer() }));
export type SendCodeReply = Static<typeof SendCodeReply>;

export const LoginForSmsBody = Type.Object({
  mobile: Mobile,
  code: Type.String({ pattern: '^[0-9]{6}$' }),
  channelCode: Type.Optional(ChannelCode),
});
export type LoginForSmsBody = Static<typeof LoginForSmsBody>;

/** A session token (the reply of every login call). */
export const SessionToken = Type.Object({ token: Type.String() });
export type SessionToken = Static<typeof SessionToken>;
export const TokenReply = Envelope(SessionToken);
export type TokenReply = Static<typeof TokenReply>;

export const LoginForAlipayBody = Type.Object({
  grantType: Type.Literal('alipay'),
  code: WalletCode,
  channelCode: Type.Optional(ChannelCode),
});
export type LoginForAlipayBody = Static<typeof LoginForAlipayBody>;

export const MiniProgram = Type.Union([Type.Literal('wechat'), Type.Literal('alipay')]);
export type MiniProgram = Static<typeof MiniProgram>;

/**
 * What getPhoneNumber hands over: WeChat's short code, or Alipay's encrypted, base64-encoded
 * response (longer, with + / =).
 */
const PhoneCode = Type.String({ pattern: '^[A-Za-z0-9_.+/=-]{1,2048}$' });

/** Phone-number login in a mini-program: the getPhoneNumber code, plus the login code to bind. */
export const LoginForUniBody = Type.Object({
  provider: MiniProgram,
  phoneCode: PhoneCode,
  loginCode: Type.Optional(WalletCode),
  channelCode: Type.Optional(ChannelCode),
});
export type LoginForUniBody = Static<typeof LoginForUniBody>;

/** Silent login: a mini-program login code; a token when its open id is bound to a user. */
export const GetTokenForUniQuery = Type.Object({ provider: MiniProgram, loginCode: WalletCode });
export type GetTokenForUniQuery = Static<typeof GetTokenForUniQuery>;
export const GetTokenForUniReply = Envelope(Type.Object({ token: Nullable(Type.String()) }));
export type GetTokenForUniReply = Static<typeof GetTokenForUniReply>;

/** H5 OAuth: where Alipay should send the user back (an allow-listed host). */
export const OauthRenderBody = Type.Object({
  redirectUri: Type.String({ minLength: 1, maxLength: 512 }),
  state: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
});
export type OauthRenderBody = Static<typeof OauthRenderBody>;
export const OauthRenderReply = Envelope(Type.Object({ url: Type.String() }));
export type OauthRenderReply = Static<typeof OauthRenderReply>;

/** Sandbox only: the last code sent to a mobile. */
export const DevSmsLastQuery = Type.Object({ mobile: Mobile });
export const DevSmsLastReply = Envelope(Type.Object({ code: Type.String() }));
