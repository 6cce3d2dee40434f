/**
 * The complaints and feedback queue (`/admin/api`, issue 36): what customers sent from the
 * storefront's feedback screen, its handling state, the staff account it is assigned to, and the
 * reply the customer reads back in the storefront.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Id, Nullable } from '../api/envelope.ts';
import { BrandId } from './index.ts';

export const COMPLAINT_STATUSES = ['new', 'in_progress', 'resolved'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const ComplaintStatus = Type.Union(COMPLAINT_STATUSES.map((s) => Type.Literal(s)));

export const ListComplaintsQuery = Type.Object({
  status: Type.Optional(ComplaintStatus),
  platform: Type.Optional(BrandId),
  /** A staff account's id, or 0 for complaints nobody is assigned to. */
  assigneeId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type ListComplaintsQuery = Static<typeof ListComplaintsQuery>;

export const DeskComplaint = Type.Object({
  id: Id,
  platform: BrandId,
  /** The `complaint_type` dictionary's value and label. */
  type: Type.String(),
  typeLabel: Type.String(),
  content: Type.String(),
  /** Masked (138****5678): the account's mobile and the contact mobile given, if any. */
  mobile: Type.String(),
  contactMobile: Nullable(Type.String()),
  images: Type.Integer(),
  status: ComplaintStatus,
  assignee: Nullable(Type.Object({ id: Id, login: Type.String(), displayName: Type.String() })),
  reply: Nullable(Type.String()),
  repliedBy: Nullable(Type.String()),
  repliedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type DeskComplaint = Static<typeof DeskComplaint>;

/** A staff account a complaint can be assigned to: it handles complaints for some brand. */
export const Assignee = Type.Object({
  id: Id,
  login: Type.String(),
  displayName: Type.String(),
  allBrands: Type.Boolean(),
  brands: Type.Array(BrandId),
});
export const ListComplaintsReply = Envelope(
  Type.Object({
    list: Type.Array(DeskComplaint),
    total: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
    counts: Type.Object({
      new: Type.Integer(),
      in_progress: Type.Integer(),
      resolved: Type.Integer(),
    }),
    assignees: Type.Array(Assignee),
  }),
);

export const ComplaintIdParams = Type.Object({ id: Id });
/** Change the state, the assignee (null: nobody), or both. */
export const UpdateComplaintBody = Type.Object(
  {
    status: Type.Optional(ComplaintStatus),
    assigneeId: Type.Optional(Nullable(Id)),
  },
  { minProperties: 1 },
);
export type UpdateComplaintBody = Static<typeof UpdateComplaintBody>;
export const ReplyComplaintBody = Type.Object({
  reply: FreeText(2, 500),
  /** Mark it resolved with the reply (otherwise a new complaint becomes in progress). */
  resolve: Type.Optional(Type.Boolean()),
});
export type ReplyComplaintBody = Static<typeof ReplyComplaintBody>;
export const ComplaintReply = Envelope(DeskComplaint);
