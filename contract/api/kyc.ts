/**
 * Identity and credit: ID-card OCR, real-name submit, face verification, credit score, emergency
 * contact. ID numbers are sent once and never come back: replies carry the masked form.
 */
import { Type, type Static } from '@sinclair/typebox';
import { UploadId } from './client.ts';
import { Envelope, Id, Nullable } from './envelope.ts';
import { EmergencyContact } from './user.ts';

/** 17 digits and a digit or X; the server also checks region, birth date and the MOD 11-2 digit. */
export const IdCardNumber = Type.String({ pattern: '^[0-9]{17}[0-9Xx]$' });
/** 2–20 CJK characters, a middle dot allowed inside (minority names). */
export const RealName = Type.String({
  minLength: 2,
  maxLength: 20,
  pattern:
    '^[\\u3400-\\u4dbf\\u4e00-\\u9fff][\\u3400-\\u4dbf\\u4e00-\\u9fff·•]*[\\u3400-\\u4dbf\\u4e00-\\u9fff]$',
});
/** A face session's id as auth/face returns it. */
export const CertifyId = Type.String({ pattern: '^[A-Za-z0-9]{8,64}$' });

export const IdCardSide = Type.Union([Type.Literal('front'), Type.Literal('back')]);

export const OcrBody = Type.Object({ fileId: UploadId, side: IdCardSide });
export type OcrBody = Static<typeof OcrBody>;
/** `recognised: false` means "ask for manual entry". Front: name + masked ID; back: validTo. */
export const OcrResult = Type.Object({
  ocrId: Type.Integer(),
  side: Type.String(),
  recognised: Type.Boolean(),
  name: Nullable(Type.String()),
  idNoMasked: Nullable(Type.String()),
  /** YYYYMMDD, back side. */
  validTo: Nullable(Type.String()),
});
export type OcrResult = Static<typeof OcrResult>;
export const OcrReply = Envelope(OcrResult);

/** Either typed fields (`name` + `idNo`) or a recognised front side (`ocrId`). */
export const AuthSubmitBody = Type.Object({
  name: Type.Optional(RealName),
  idNo: Type.Optional(IdCardNumber),
  ocrId: Type.Optional(Id),
});
export type AuthSubmitBody = Static<typeof AuthSubmitBody>;

export const Identity = Type.Object({
  name: Type.String(),
  idNoMasked: Type.String(),
  gender: Type.String(),
  source: Type.String(),
  credit: Nullable(Type.Object({ score: Type.Integer(), passed: Type.Boolean() })),
  verifiedAt: Type.String(),
});
export type Identity = Static<typeof Identity>;
export const IdentityReply = Envelope(Identity);

export const FaceStartReply = Envelope(
  Type.Object({ certifyId: Type.String(), url: Type.String() }),
);
export type FaceStartReply = Static<typeof FaceStartReply>;

export const FaceResultBody = Type.Object({ certifyId: CertifyId });
export type FaceResultBody = Static<typeof FaceResultBody>;
export const FacePutBody = Type.Object({ certifyId: CertifyId, fileId: UploadId });
export type FacePutBody = Static<typeof FacePutBody>;
export const FaceResult = Type.Object({
  certifyId: Type.String(),
  /** pending | passed | failed */
  status: Type.String(),
  reason: Type.String(),
});
export type FaceResult = Static<typeof FaceResult>;
export const FaceResultReply = Envelope(FaceResult);

export const VerificationStatus = Type.Object({
  realName: Type.Boolean(),
  face: Type.Boolean(),
  credit: Type.Boolean(),
  emergencyContact: Type.Boolean(),
  bankCard: Type.Boolean(),
});
export type VerificationStatus = Static<typeof VerificationStatus>;
export const AuthStatusReply = Envelope(
  Type.Object({ status: VerificationStatus, identity: Nullable(Identity) }),
);
export type AuthStatusReply = Static<typeof AuthStatusReply>;

/** link/submit: the emergency contact ("linkman"), same rules as /api/user/contact. */
export const LinkSubmitBody = EmergencyContact;
export type LinkSubmitBody = Static<typeof LinkSubmitBody>;
export const LinkReply = Envelope(
  Nullable(Type.Object({ name: Type.String(), mobile: Type.String(), relation: Type.String() })),
);
export type LinkReply = Static<typeof LinkReply>;
