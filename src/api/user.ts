/** The logged-in user: profile, logout, change of mobile. */
import type { OrderListQuery, OrderTab } from '@contract/api/order';
import type { UserInfo } from '@contract/api/user';
import { get, post } from '../platform/request';

export type { OrderTab, UserInfo };

export function fetchUserInfo() {
  return get<UserInfo>('/api/user/info');
}

/** Ends this session on the server (the token stops working). */
export function logoutOnServer() {
  return post<null>('/api/user/loginOut', {});
}

/**
 * Change the account's mobile after proving the new one with an SMS code.
 * NOTE: the server has no such route yet; this is the route the screen needs
 * (POST /api/user/changeMobile { mobile, code } → UserInfo). Until it exists the server answers
 * with its own "not found" message, which the screen shows.
 */
export function changeMobile(body: { mobile: string; code: string }) {
  return post<UserInfo>('/api/user/changeMobile', body);
}

/**
 * How many of the user's orders are in one of My orders' tabs (`total` of a one-item page);
 * undefined when the order API cannot say (offline, an error): no badge then.
 */
export async function fetchOrderCount(tab: OrderTab): Promise<number | undefined> {
  const query: OrderListQuery = { status: tab, pageNum: 1, pageSize: 1 };
  const reply = await get<{ total: number } | null>('/api/order/list', query, { retries: 0 });
  return reply.code === 200 && typeof reply.data?.total === 'number' ? reply.data.total : undefined;
}
