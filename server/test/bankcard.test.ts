// engines: both (concurrent guesses on one bind are counted under a row lock)
/** Bank cards: issuer lookup from the storefront's table, the three-step binding, no full number kept. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { BankCard, BankInfo, BindPreOrder } from '../../contract/api/bankcard.ts';
import { lookupBankCard } from '../../contract/validation/index.ts';
import { BIND_MAX_ATTEMPTS, BIND_PER_HOUR } from '../src/kyc/bankcard.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { bindCard, loginAgreed, sandboxBank, testIdNumber } from './kyc-fixtures.ts';

const CARD = '6222021234567890128';

let server: TestServer;
let token: string;
before(async () => {
  server = await startTestServer();
  token = await loginAgreed(server, '13600000001');
});
after(() => server.close());

async function withIdentity(mobile: string, sequence: number) {
  const t = await loginAgreed(server, mobile);
  const r = await server.request('POST', '/api/user/auth/submit', {
    token: t,
    body: { name: '持卡人', idNo: testIdNumber(sequence) },
  });
  assert.equal(r.body.code, 200);
  return t;
}

test('getBankInfo answers what the storefront table says, for typed and spaced numbers', async () => {
  for (const cardNo of [CARD, '6222 0212 3456 7890 128', '6225880123456789', '4367421234567890']) {
    const expected = lookupBankCard(cardNo);
    const reply = await server.request<BankInfo>('GET', '/api/user/getBankInfo', {
      token,
      query: { cardNo },
    });
    if (expected) {
      assert.equal(reply.body.code, 200, cardNo);
      assert.deepEqual(reply.body.data, expected);
    } else {
      assert.equal(reply.status, 400, cardNo);
    }
  }
  const unknown = await server.request('GET', '/api/user/getBankInfo', {
    token,
    query: { cardNo: '1234567890123456' },
  });
  assert.equal(unknown.status, 400);
});

test('binding needs a real name first', async () => {
  const reply = await server.request('POST', '/api/user/bindCardPreOrder', {
    token,
    body: { cardNo: CARD, mobile: '13700000001' },
  });
  assert.equal(reply.status, 400);
  assert.equal(sandboxBank(server).lastCode('13700000001'), undefined);
});

test('preOrder → verify → bind; the card is shown as first 6 + last 4 only', async () => {
  const t = await withIdentity('13600000002', 400);
  const pre = await server.request<BindPreOrder>('POST', '/api/user/bindCardPreOrder', {
    token: t,
    body: { cardNo: CARD, mobile: '13700000002' },
  });
  assert.equal(pre.body.code, 200);
  assert.equal(pre.body.data.cardNoMasked, '622202******0128');
  assert.equal(pre.body.data.mobileMasked, '137****0002');
  // Binding before the code is checked is refused.
  const early = await server.request('POST', '/api/user/bindBindCard', {
    token: t,
    body: { bindId: pre.body.data.bindId },
  });
  assert.equal(early.status, 400);
  const code = sandboxBank(server).lastCode('13700000002');
  assert.ok(code);
  // Browser tests read the same code over HTTP while the sandbox bank is active.
  const dev = await server.request<{ code: string }>('GET', '/dev/bankcard/last', {
    query: { mobile: '13700000002' },
  });
  assert.equal(dev.body.data.code, code);
  const verified = await server.request('POST', '/api/user/verifyBindCard', {
    token: t,
    body: { bindId: pre.body.data.bindId, code },
  });
  assert.equal(verified.body.code, 200);
  const bound = await server.request<BankCard>('POST', '/api/user/bindBindCard', {
    token: t,
    body: { bindId: pre.body.data.bindId },
  });
  assert.equal(bound.body.code, 200);
  assert.equal(bound.body.data.bankCode, lookupBankCard(CARD)?.bankCode);
  assert.equal(bound.body.data.cardNoMasked, '622202******0128');
  const list = await server.request<BankCard[]>('GET', '/api/user/bankCards', { token: t });
  assert.deepEqual(list.body.data, [bound.body.data]);

  // The same card again is refused; nothing anywhere holds the full number.
  const again = await server.request('POST', '/api/user/bindCardPreOrder', {
    token: t,
    body: { cardNo: CARD, mobile: '13700000002' },
  });
  assert.equal(again.status, 409);
  const rows = [
    ...(await server.db.selectFrom('bank_cards').selectAll().execute()),
    ...(await server.db.selectFrom('bank_card_binds').selectAll().execute()),
  ];
  assert.ok(rows.length >= 2);
  assert.ok(!JSON.stringify(rows).includes(CARD));
  assert.ok(!JSON.stringify(rows).includes(CARD.slice(0, 12)));
});

test(`wrong codes burn the bind after ${BIND_MAX_ATTEMPTS} tries; the right one then fails too`, async () => {
  const t = await withIdentity('13600000003', 401);
  const pre = await server.request<BindPreOrder>('POST', '/api/user/bindCardPreOrder', {
    token: t,
    body: { cardNo: '6225880123456789', mobile: '13700000003' },
  });
  assert.equal(pre.body.code, 200, JSON.stringify(pre.body));
  const code = sandboxBank(server).lastCode('13700000003') ?? '';
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < BIND_MAX_ATTEMPTS; i++) {
    const r = await server.request('POST', '/api/user/verifyBindCard', {
      token: t,
      body: { bindId: pre.body.data.bindId, code: wrong },
    });
    assert.equal(r.status, 400);
  }
  const right = await server.request('POST', '/api/user/verifyBindCard', {
    token: t,
    body: { bindId: pre.body.data.bindId, code },
  });
  assert.equal(right.status, 400);
  assert.match(right.body.msg, /失效/);
});

test('concurrent guesses on one bind are counted one by one', async () => {
  const t = await withIdentity('13600000004', 402);
  const pre = await server.request<BindPreOrder>('POST', '/api/user/bindCardPreOrder', {
    token: t,
    body: { cardNo: CARD, mobile: '13700000004' },
  });
  const code = sandboxBank(server).lastCode('13700000004') ?? '';
  const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '0')).filter(
    (guess) => guess !== code,
  );
  await Promise.all(
    guesses.map((guess) =>
      server.request('POST', '/api/user/verifyBindCard', {
        token: t,
        body: { bindId: pre.body.data.bindId, code: guess },
      }),
    ),
  );
  const row = await server.db
    .selectFrom('bank_card_binds')
    .select(['attempts', 'status'])
    .where('bind_request_no', '=', pre.body.data.bindId)
    .executeTakeFirstOrThrow();
  assert.equal(row.status, 'burnt');
  assert.equal(row.attempts, BIND_MAX_ATTEMPTS);
});

test(`at most ${BIND_PER_HOUR} binding texts an hour, and the refusal says when to try again`, async () => {
  const t = await withIdentity('13600000009', 466);
  const preBind = () =>
    server.request('POST', '/api/user/bindCardPreOrder', {
      token: t,
      body: { cardNo: CARD, mobile: '13700000009' },
    });
  for (let i = 0; i < BIND_PER_HOUR; i++) assert.equal((await preBind()).status, 200);
  const refused = await preBind();
  assert.equal(refused.status, 429);
  const wait = Number(refused.headers.get('retry-after'));
  assert.ok(wait > 3500 && wait <= 3600, String(wait));
  server.advanceClock(wait);
  assert.equal((await preBind()).status, 200, 'the hour has passed');
});

test('the bank refusing the card (sandbox: ends in 4444) is a 400 with its reason; SMS failure a 503', async () => {
  const t = await withIdentity('13600000005', 403);
  const refused = await server.request('POST', '/api/user/bindCardPreOrder', {
    token: t,
    body: { cardNo: '6222021234567894444', mobile: '13700000005' },
  });
  assert.equal(refused.status, 400);
  assert.match(refused.body.msg, /预留手机号/);
  sandboxBank(server).failFor('13700000006');
  const down = await server.request('POST', '/api/user/bindCardPreOrder', {
    token: t,
    body: { cardNo: CARD, mobile: '13700000006' },
  });
  assert.equal(down.status, 503);
  sandboxBank(server).recover('13700000006');
});

test('logs never carry the card number, the ID number, the bank SMS code or the token', async () => {
  const mobile = '13600000007';
  const idNo = testIdNumber(404);
  const t = await loginAgreed(server, mobile);
  await server.request('POST', '/api/user/auth/submit', {
    token: t,
    body: { name: '日志', idNo },
  });
  const card = '6222021234567890136';
  await bindCard(server, t, card, '13700000007');
  const code = sandboxBank(server).lastCode('13700000007') ?? '';
  // Failures log too: a refused card and a bad code.
  await server.request('POST', '/api/user/bindCardPreOrder', {
    token: t,
    body: { cardNo: '6222021234567894444', mobile: '13700000007' },
  });
  const logs = server.logs();
  assert.ok(logs.length > 0);
  assert.ok(!logs.includes(card), 'card number in logs');
  assert.ok(!logs.includes('6222021234567894444'), 'refused card number in logs');
  assert.ok(!logs.includes(idNo), 'ID number in logs');
  assert.ok(!logs.includes(t), 'token in logs');
  assert.ok(!new RegExp(`\\b${code}\\b`).test(logs), 'bank SMS code in logs');
});

test('getBankInfo: the card number in its query string stays out of the access log', async () => {
  await server.request('GET', '/api/user/getBankInfo', { token, query: { cardNo: CARD } });
  assert.ok(!server.logs().includes(CARD));
});
