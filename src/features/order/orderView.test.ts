import type { Bill, OrderDetail } from '../../api/order';
import { zhHans } from '@contract/i18n/zh-Hans';
import {
  actionButtons,
  billsSummary,
  currentStep,
  depositExplanation,
  eventLabel,
  rentalTimeline,
  statusHint,
} from './orderView';

describe('the order screens follow the server', () => {
  it('shows exactly the actions the server offers, in a stable order, main step filled', () => {
    const buttons = actionButtons({ actions: ['buyout', 'payBills', 'return', 'renew'] });
    expect(buttons.map((b) => b.action)).toEqual(['renew', 'buyout', 'return', 'payBills']);
    expect(buttons.filter((b) => b.primary).map((b) => b.action)).toEqual(['payBills']);
  });

  it('leaves out actions it does not know and folds confirm into 去认证', () => {
    expect(actionButtons({ actions: ['teleport'] })).toEqual([]);
    expect(actionButtons({ actions: ['confirm', 'cancel'] }).map((b) => b.action)).toEqual([
      'cancel',
      'verify',
    ]);
  });

  it('opens the step pages with the order id', () => {
    const [pay] = actionButtons({ actions: ['pay'] });
    expect(pay.handling.kind === 'page' && pay.handling.url(12)).toBe(
      '/pages/confirmPayment/confirmPayment?orderId=12',
    );
  });

  it('places each state on the step bar; cancelled orders have none', () => {
    expect(currentStep('PENDING_PAY')).toBe(2);
    expect(currentStep('RENTING')).toBe(4);
    expect(currentStep('COMPLETED')).toBe(5);
    expect(currentStep('CANCELLED')).toBeUndefined();
    expect(statusHint('NEW_STATE')).toBe('order.hint.other');
    expect(eventLabel('buyout_paid')).toBe('order.event.buyout_paid');
    expect(eventLabel('unknown')).toBe('order.event.other');
  });

  it('names every event the app has a text for (none falls back to 其他)', () => {
    const named = Object.keys(zhHans).filter(
      (key) => key.startsWith('order.event.') && key !== 'order.event.other',
    );
    expect(named).toContain('order.event.early_return');
    for (const key of named) expect(eventLabel(key.slice('order.event.'.length))).toBe(key);
  });

  it('draws the rental timeline from the receipt event and the rental dates', () => {
    const order: Pick<OrderDetail, 'events' | 'startDate' | 'endDate' | 'status'> = {
      status: 'RENTING',
      startDate: '2026-03-02',
      endDate: '2027-03-01',
      events: [
        {
          action: 'receive',
          from: 'SHIPPED',
          to: 'RENTING',
          at: '2026-03-01T08:00:00Z',
          params: {},
        },
      ],
    };
    expect(rentalTimeline(order, '2026-03-15').map((p) => [p.date, p.reached])).toEqual([
      ['2026-03-01', true],
      ['2026-03-02', true],
      ['2027-03-01', false],
      [undefined, false],
    ]);
  });

  it('never marks a bought-out order as returned', () => {
    const events = [
      { action: 'receive', from: 'SHIPPED', to: 'RENTING', at: '2026-03-01T08:00:00Z', params: {} },
      {
        action: 'buyout_paid',
        from: 'BUYING_OUT',
        to: 'BOUGHT_OUT',
        at: '2026-04-01T08:00:00Z',
        params: {},
      },
    ];
    const points = rentalTimeline(
      { status: 'COMPLETED', startDate: '2026-03-02', endDate: '2027-03-01', events },
      '2026-04-02',
    );
    expect(points[3].reached).toBe(false);
    const returned = rentalTimeline(
      {
        status: 'COMPLETED',
        startDate: '2026-03-02',
        endDate: '2027-03-01',
        events: events.slice(0, 1),
      },
      '2026-04-02',
    );
    expect(returned[3].reached).toBe(true);
  });

  it('sums the bills: periods paid, what is owed, what is late, the next due', () => {
    const base = {
      discount: 0,
      overdueFee: 0,
      paid: 0,
      channel: null,
      outTradeNo: null,
      paidAt: null,
    };
    const bills: Bill[] = [
      {
        ...base,
        id: 1,
        kind: 'FIRST',
        period: 1,
        dueDate: '2026-03-01',
        original: 100,
        due: 100,
        outstanding: 0,
        overdueDays: 0,
        status: 'paid',
      },
      {
        ...base,
        id: 2,
        kind: 'INSTALMENT',
        period: 2,
        dueDate: '2026-04-01',
        original: 100,
        overdueFee: 5,
        due: 105,
        outstanding: 105,
        overdueDays: 10,
        status: 'unpaid',
      },
      {
        ...base,
        id: 3,
        kind: 'INSTALMENT',
        period: 3,
        dueDate: '2026-05-01',
        original: 100,
        due: 100,
        outstanding: 100,
        overdueDays: 0,
        status: 'unpaid',
      },
      {
        ...base,
        id: 4,
        kind: 'DEPOSIT',
        period: 1,
        dueDate: '2026-03-01',
        original: 500,
        due: 500,
        outstanding: 0,
        overdueDays: 0,
        status: 'paid',
      },
    ];
    const summary = billsSummary(bills, '2026-04-15');
    // Owed now is what has fallen due; the rest of the schedule is told apart, not called owed.
    expect(summary).toMatchObject({
      paidPeriods: 1,
      periods: 3,
      dueNow: 105,
      notYetDue: 100,
      overdue: 105,
    });
    expect(summary.next?.id).toBe(2);
    // Before the rent starts a later rent has no date of its own: it is still to come.
    const beforeStart = bills.map((bill) =>
      bill.id === 3 ? { ...bill, dueAfterStart: { unit: 'month' as const, periods: 2 } } : bill,
    );
    expect(billsSummary(beforeStart, '2026-06-01')).toMatchObject({ dueNow: 105, notYetDue: 100 });
  });
});

describe('the deposit card says what happens to the deposit', () => {
  it('a paid deposit goes back through WeChat Pay on WeChat, to the paying account elsewhere', () => {
    expect(depositExplanation('paid', 'wechat')).toBe('order.deposit.explain.paidWechat');
    expect(depositExplanation('paid', 'alipay')).toBe('order.deposit.explain.paid');
    expect(depositExplanation('paid', 'h5')).toBe('order.deposit.explain.paid');
  });

  it('freeze, card withholding and credit waiver each have their own sentence', () => {
    expect(depositExplanation('freeze', 'alipay')).toBe('order.deposit.explain.freeze');
    expect(depositExplanation('card', 'wechat')).toBe('order.deposit.explain.card');
    expect(depositExplanation('waived', 'wechat')).toBe('order.deposit.explain.waived');
  });

  it('the WeChat sentence names WeChat Pay, the freeze sentence names Alipay', async () => {
    const { zhHans } = await import('@contract/i18n/zh-Hans');
    const { en } = await import('@contract/i18n/en');
    expect(zhHans['order.deposit.explain.paidWechat']).toMatch(/微信支付/);
    expect(en['order.deposit.explain.paidWechat']).toMatch(/WeChat Pay/);
    expect(en['order.deposit.explain.freeze']).toMatch(/Alipay/);
  });

  it('every language says what happens to a WeChat deposit still held after 330 days', async () => {
    const { ALL_MESSAGES } = await import('@contract/i18n');
    for (const [locale, table] of Object.entries(ALL_MESSAGES))
      expect([locale, table['order.deposit.explain.paidWechat']]).toEqual([
        locale,
        expect.stringMatching(/330/),
      ]);
  });
});
