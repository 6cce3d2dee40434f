/** Shipping addresses at /api/user/userAddress. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Id, Mobile } from './envelope.ts';

const AddressFields = {
  /** Recipient. */
  name: FreeText(1, 20),
  mobile: Mobile,
  province: FreeText(1, 20),
  city: FreeText(1, 20),
  district: FreeText(1, 20),
  detail: FreeText(1, 100),
};

export const AddressBody = Type.Object({
  ...AddressFields,
  isDefault: Type.Optional(Type.Boolean({ default: false })),
});
export type AddressBody = Static<typeof AddressBody>;

export const AddressUpdateBody = Type.Object({
  id: Id,
  ...AddressFields,
  isDefault: Type.Optional(Type.Boolean()),
});
export type AddressUpdateBody = Static<typeof AddressUpdateBody>;

export const Address = Type.Object({
  id: Type.Integer(),
  ...AddressFields,
  isDefault: Type.Boolean(),
});
export type Address = Static<typeof Address>;

export const AddressReply = Envelope(Address);
export type AddressReply = Static<typeof AddressReply>;
/** The default address first, then the newest. */
export const AddressListReply = Envelope(Type.Array(Address));
export type AddressListReply = Static<typeof AddressListReply>;
export const AddressDeleteReply = Envelope(Type.Object({ id: Type.Integer() }));
export type AddressDeleteReply = Static<typeof AddressDeleteReply>;

/** Most addresses one user may keep. */
export const MAX_ADDRESSES = 20;
