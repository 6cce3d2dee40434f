import { authorizeFreeze as freezeH5 } from '../payment';
import { authorizeFreeze, pay } from '../payment.alipay';
import { authorizeFreeze as freezeWeapp } from '../payment.weapp';

/**
 * The Alipay mini-program's two wallet flows: a bill paid with the server's trade number
 * (`my.tradePay({ tradeNO })`) and the deposit freeze authorised with the server's signed order
 * string (`my.tradePay({ orderStr })`). `my` is a stand-in answering asynchronously with the
 * result codes Alipay documents; what it answers is only what the user saw.
 */

interface TradePayOptions {
  tradeNO?: string;
  orderStr?: string;
  success: (r: { resultCode?: string }) => void;
  fail: (e: { error?: number; resultCode?: string; errorMessage?: string }) => void;
}

const globals = globalThis as { my?: unknown };
afterEach(() => {
  delete globals.my;
});

function installWallet(answer: (o: TradePayOptions) => void) {
  const seen: { tradeNO?: string; orderStr?: string }[] = [];
  globals.my = {
    tradePay: (o: TradePayOptions) => {
      seen.push({ tradeNO: o.tradeNO, orderStr: o.orderStr });
      setTimeout(() => answer(o), 5);
    },
  };
  return seen;
}

const ORDER_STR =
  'app_id=2021000000000001&biz_content=%7B%22out_order_no%22%3A%22FZ1%22%7D&method=alipay.fund.auth.order.app.freeze&sign=abc%3D';

describe('deposit freeze with the order string', () => {
  test.each([
    ['9000', 'paid'],
    ['8000', 'pending'],
    ['6004', 'pending'],
    ['6001', 'cancelled'],
    ['4000', 'failed'],
    ['6002', 'failed'],
    ['9999', 'failed'],
  ])('resultCode %s is %s', async (resultCode, status) => {
    const seen = installWallet((o) => o.success({ resultCode }));
    expect(await authorizeFreeze(ORDER_STR)).toEqual({
      status,
      detail: resultCode,
      ...(resultCode === '6002' ? { reason: 'network' } : {}),
    });
    // The order string as the server signed it, and no trade number.
    expect(seen).toEqual([{ tradeNO: undefined, orderStr: ORDER_STR }]);
  });

  test('a cancel reported through fail is a cancel; other failures are failures', async () => {
    installWallet((o) => o.fail({ resultCode: '6001' }));
    expect((await authorizeFreeze(ORDER_STR)).status).toBe('cancelled');
    installWallet((o) => o.fail({ error: 3, errorMessage: 'network' }));
    expect((await authorizeFreeze(ORDER_STR)).status).toBe('failed');
  });

  test('without an order string the wallet is not opened', async () => {
    const seen = installWallet((o) => o.success({ resultCode: '9000' }));
    expect(await authorizeFreeze(undefined)).toMatchObject({ status: 'unavailable' });
    expect(await authorizeFreeze('  ')).toMatchObject({ status: 'unavailable' });
    expect(seen).toEqual([]);
  });

  test('the wallet throwing (an old Alipay without tradePay) is a failure, not a crash', async () => {
    globals.my = {};
    expect((await authorizeFreeze(ORDER_STR)).status).toBe('failed');
  });

  test('WeChat and H5 cannot authorise an Alipay freeze', async () => {
    expect(await freezeWeapp(ORDER_STR)).toMatchObject({ status: 'unavailable' });
    expect(await freezeH5(ORDER_STR)).toMatchObject({ status: 'unavailable' });
  });
});

describe('a bill with the trade number', () => {
  test('tradeNO from the server, never an order string', async () => {
    const seen = installWallet((o) => o.success({ resultCode: '9000' }));
    expect(await pay({ tradeNo: '2026112522001400000000000001' })).toEqual({
      status: 'paid',
      detail: '9000',
    });
    expect(seen).toEqual([{ tradeNO: '2026112522001400000000000001', orderStr: undefined }]);
  });

  test('a network error (6002) says so, so the user is told to check the connection', async () => {
    installWallet((o) => o.success({ resultCode: '6002' }));
    expect(await pay({ tradeNo: 'T2' })).toEqual({
      status: 'failed',
      detail: '6002',
      reason: 'network',
    });
    installWallet((o) => o.success({ resultCode: '4000' }));
    expect(await pay({ tradeNo: 'T2' })).toEqual({ status: 'failed', detail: '4000' });
  });

  test('cancel leaves it to be paid again: the same trade number is handed over again', async () => {
    const seen = installWallet((o) => o.success({ resultCode: '6001' }));
    expect((await pay({ tradeNo: 'T1' })).status).toBe('cancelled');
    expect((await pay({ tradeNo: 'T1' })).status).toBe('cancelled');
    expect(seen.map((s) => s.tradeNO)).toEqual(['T1', 'T1']);
  });
});
