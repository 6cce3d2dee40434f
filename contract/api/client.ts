/** Feedback (complaints) and file uploads. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Mobile } from './envelope.ts';

/** An upload's id as `put-file` returns it. */
export const UploadId = Type.String({ pattern: '^[0-9a-f]{32}$' });

export const ComplaintBody = Type.Object({
  /** Dictionary `complaint_type` value. */
  type: Type.String({ pattern: '^[a-z][a-z0-9_]{0,31}$' }),
  content: FreeText(5, 500),
  contactMobile: Type.Optional(Mobile),
  /** Ids of the caller's own uploads. */
  images: Type.Optional(Type.Array(UploadId, { maxItems: 6, uniqueItems: true })),
});
export type ComplaintBody = Static<typeof ComplaintBody>;
export const Complaint = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  content: Type.String(),
  contactMobile: Type.Union([Type.String(), Type.Null()]),
  images: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type Complaint = Static<typeof Complaint>;
export const ComplaintReply = Envelope(Complaint);
export type ComplaintReply = Static<typeof ComplaintReply>;

/** One of the user's own complaints as the feedback screen lists it, with the merchant's reply. */
export const MyComplaint = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  content: Type.String(),
  /** new, in_progress, resolved (the merchant console moves it). */
  status: Type.String(),
  reply: Type.Union([Type.String(), Type.Null()]),
  repliedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type MyComplaint = Static<typeof MyComplaint>;
export const MyComplaintsReply = Envelope(Type.Object({ list: Type.Array(MyComplaint) }));
export type MyComplaintsReply = Static<typeof MyComplaintsReply>;

/** Upload accepted types (sniffed from the bytes, not taken from the client). */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export const UploadReply = Envelope(
  Type.Object({
    id: UploadId,
    /** GET this (with the session token) to read the file back. */
    url: Type.String(),
    mime: Type.String(),
    size: Type.Integer(),
  }),
);
export type UploadReply = Static<typeof UploadReply>;

export const UploadParams = Type.Object({ id: UploadId });
export type UploadParams = Static<typeof UploadParams>;
