/** Shipping addresses of the logged-in user. */
import type { Address, AddressBody, AddressUpdateBody } from '@contract/api/address';
import { get, post, request } from '../platform/request';

export type { Address, AddressBody, AddressUpdateBody };

const BASE = '/api/user/userAddress';

/** The default address first, then the newest. */
export function fetchAddresses() {
  return get<Address[]>(BASE);
}

export function createAddress(body: AddressBody) {
  return post<Address>(BASE, body);
}

export function updateAddress(body: AddressUpdateBody) {
  return request<Address>({ url: BASE, method: 'PUT', data: body });
}

export function deleteAddress(id: number) {
  // An empty JSON object: the request layer marks every body-method call as JSON, and the
  // server refuses a JSON content type with no body at all.
  return request<{ id: number }>({ url: `${BASE}/${id}`, method: 'DELETE', data: {} });
}
