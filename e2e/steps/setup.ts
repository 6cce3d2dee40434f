/**
 * Out-of-band set-up for journeys whose subject is not verification or checkout: a user made
 * ready to rent and an order placed, confirmed and signed, through the same API the screens call,
 * as that user (the face and e-sign sandbox pages pressed by HTTP). The verification and checkout
 * journeys walk those screens.
 */
import assert from 'node:assert/strict';
import { rentChoice } from './checkout';
import { agreeAllBody } from './privacy';
import { CLIENT_HEADERS, lastBankCode, type Envelope } from './session';
import { idNumber, SANDBOX_CARD } from './verification';

/** An API call as one user: GET without a body, POST with one. */
export type ApiCall = <T>(path: string, body?: unknown) => Promise<Envelope<T>>;

export function ok<T>(reply: Envelope<T>): T {
  assert.equal(reply.code, 200, reply.msg);
  return reply.data;
}

/** Polls `check` until it holds (a verdict or notification arriving a moment later). */
export async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The API as the holder of `token` (a session the app stored), on brand 1. */
export function apiWithToken(baseUrl: string, token: string): ApiCall {
  return async function call<T>(path: string, body?: unknown): Promise<Envelope<T>> {
    const post = body !== undefined;
    const res = await fetch(`${baseUrl}${path}`, {
      method: post ? 'POST' : 'GET',
      headers: {
        ...CLIENT_HEADERS,
        token,
        authorization: `Bearer ${token}`,
        ...(post ? { 'content-type': 'application/json' } : {}),
      },
      body: post ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as Envelope<T>;
  };
}

const post = { method: 'POST' };

/**
 * The consents (issue 20), real name with the ID number of `seq` (at 333 and above its sandbox
 * credit score passes), and face passed on the sandbox page.
 */
export async function passRealName(
  api: ApiCall,
  baseUrl: string,
  seq: number,
  channel: 'h5' | 'weapp' | 'alipay' = 'h5',
): Promise<void> {
  ok(await api('/api/privacy/consents', agreeAllBody(channel)));
  ok(await api('/api/client/auth/submit', { name: '王小明', idNo: idNumber(seq) }));
  const face = ok(await api<{ certifyId: string }>('/api/client/auth/face', {}));
  assert.ok((await fetch(`${baseUrl}/sandbox/face/${face.certifyId}/pass`, post)).ok);
  await until(async () => {
    const result = await api<{ status: string }>('/api/client/face/result', {
      certifyId: face.certifyId,
    });
    return result.data?.status === 'passed';
  }, 'the face verdict');
}

export async function addEmergencyContact(api: ApiCall): Promise<void> {
  ok(
    await api('/api/client/link/submit', { name: '李四', mobile: '13700137000', relation: '父母' }),
  );
}

/** Real name and face passed with a passing credit score (`seq` ≥ 333), and an emergency contact. */
export async function verifyUser(
  api: ApiCall,
  baseUrl: string,
  seq: number,
  channel: 'h5' | 'weapp' | 'alipay' = 'h5',
): Promise<void> {
  await passRealName(api, baseUrl, seq, channel);
  await addEmergencyContact(api);
}

/** Binds the ICBC debit card the verification journey types, with the sandbox bank's code. */
export async function bindBankCard(api: ApiCall, baseUrl: string): Promise<void> {
  const mobile = SANDBOX_CARD.reservedMobile;
  const pre = ok(
    await api<{ bindId: string }>('/api/user/bindCardPreOrder', {
      cardNo: SANDBOX_CARD.number,
      mobile,
    }),
  );
  const code = await lastBankCode(baseUrl, mobile);
  assert.ok(code, 'the sandbox bank texted a code');
  ok(await api('/api/user/verifyBindCard', { bindId: pre.bindId, code }));
  ok(await api('/api/user/bindBindCard', { bindId: pre.bindId }));
}

/** A default delivery address; its id. */
export async function defaultAddress(api: ApiCall, mobile = '13912345678'): Promise<number> {
  const address = ok(
    await api<{ id: number }>('/api/user/userAddress', {
      name: '王小明',
      mobile,
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 100 号',
      isDefault: true,
    }),
  );
  return address.id;
}

/** Goods 1's first SKU on a monthly plan with its required services, placed to that address. */
export async function placeOrder(
  api: ApiCall,
  addressId: number,
  depositMethod: 'paid' | 'freeze' | 'payscore',
): Promise<number> {
  const choice = await rentChoice(api, 1);
  const placed = ok(
    await api<{ id: number }>('/api/order/place', {
      goodsId: choice.goodsId,
      skuId: choice.skuId,
      planId: choice.planId,
      addressId,
      serviceIds: choice.serviceIds,
      depositMethod,
    }),
  );
  return placed.id;
}

/**
 * Confirms a verified order and signs its contract on the e-sign sandbox page; resolves once the
 * signed callback moved it on (PENDING_FREEZE for a freeze, PENDING_PAY otherwise).
 */
export async function confirmAndSign(
  api: ApiCall,
  baseUrl: string,
  orderId: number,
  expected: 'PENDING_PAY' | 'PENDING_FREEZE',
): Promise<void> {
  ok(await api('/api/order/confirm', { orderId }));
  const flow = ok(await api<{ flowId: string }>('/api/contract/create', { orderId }));
  assert.ok((await fetch(`${baseUrl}/sandbox/esign/${flow.flowId}/sign`, post)).ok);
  await until(async () => {
    const detail = await api<{ status: string }>(`/api/order/detail/${orderId}`);
    return detail.data?.status === expected;
  }, 'the signed callback');
}
