/**
 * The console's collections routes (issue 38): the overdue queue, collectors and assignment, the
 * contact log, and finance's money actions (each with a reason, an Idempotency-Key, audited).
 * Registered by `adminRoutes` (routes/admin/console.ts) in the `/admin/api` scope, behind its guard.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BillIdParams,
  HEADER_IDEMPOTENCY_KEY,
  OrderIdParams,
} from '../../../../contract/admin/index.ts';
import {
  AddContactRecordBody,
  AddContactRecordReply,
  AssignCollectorBody,
  AssignCollectorReply,
  ListCollectorsReply,
  ListContactsReply,
  ListOverdueQuery,
  ListOverdueReply,
  MoneyActionReply,
  RecordOfflineRepaymentBody,
  SettleFromDepositBody,
  WaiveFeeBody,
  WriteOffBody,
} from '../../../../contract/admin/collections.ts';
import {
  addContactRecord,
  assignCollector,
  listCollectors,
  listContacts,
  listOverdue,
  recordOfflineRepayment,
  requireRequestKey,
  settleFromDeposit,
  waiveFee,
  writeOffBill,
} from '../../admin/collections.ts';
import { staffOf } from '../../admin/guard.ts';
import { ok } from '../../plugins/errors.ts';
import { consoleRoute } from './route.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

const tags = ['collections'];

export function collectionsRoutes(app: AdminScope): void {
  const deps = app.deps;

  consoleRoute(
    app,
    'GET',
    '/collections/overdue',
    {
      access: 'collections.work',
      operationId: 'listOverdue',
      tags,
      querystring: ListOverdueQuery,
      reply: ListOverdueReply,
    },
    async (request) => ok(await listOverdue(deps, staffOf(request), request.query)),
  );

  consoleRoute(
    app,
    'GET',
    '/collections/collectors',
    {
      access: 'collections.work',
      operationId: 'listCollectors',
      tags,
      reply: ListCollectorsReply,
    },
    async (request) => ok(await listCollectors(deps.db, staffOf(request))),
  );

  consoleRoute(
    app,
    'POST',
    '/orders/:id/collector',
    {
      access: 'collections.assign',
      target: 'order',
      operationId: 'assignCollector',
      tags,
      params: OrderIdParams,
      body: AssignCollectorBody,
      reply: AssignCollectorReply,
    },
    async (request) =>
      ok(await assignCollector(deps, staffOf(request), request.params.id, request.body.staffId)),
  );

  consoleRoute(
    app,
    'GET',
    '/orders/:id/contacts',
    {
      access: 'collections.work',
      target: 'order',
      operationId: 'listContactRecords',
      tags,
      params: OrderIdParams,
      reply: ListContactsReply,
    },
    async (request) => ok({ list: await listContacts(deps.db, request.params.id) }),
  );

  consoleRoute(
    app,
    'POST',
    '/orders/:id/contacts',
    {
      access: 'collections.work',
      target: 'order',
      operationId: 'addContactRecord',
      tags,
      params: OrderIdParams,
      body: AddContactRecordBody,
      reply: AddContactRecordReply,
    },
    async (request) =>
      ok(await addContactRecord(deps, staffOf(request), request.params.id, request.body)),
  );

  moneyRoutes(app);
}

/**
 * Finance's money actions: each needs `bills.refund` on the brand of its order or bill, takes
 * a reason in its body, is done once per Idempotency-Key, and is audited.
 */
function moneyRoutes(app: AdminScope): void {
  const deps = app.deps;
  const requestKey = (headers: Record<string, unknown>) =>
    requireRequestKey(headers[HEADER_IDEMPOTENCY_KEY.toLowerCase()]);
  const money = { access: 'bills.refund', tags, reply: MoneyActionReply } as const;

  consoleRoute(
    app,
    'POST',
    '/bills/:id/waive-fee',
    { ...money, target: 'bill', operationId: 'waiveFee', params: BillIdParams, body: WaiveFeeBody },
    async (request) => {
      const key = requestKey(request.headers);
      return ok(await waiveFee(deps, staffOf(request), request.params.id, request.body, key));
    },
  );

  consoleRoute(
    app,
    'POST',
    '/orders/:id/offline-repayment',
    {
      ...money,
      target: 'order',
      operationId: 'recordOfflineRepayment',
      params: OrderIdParams,
      body: RecordOfflineRepaymentBody,
    },
    async (request) => {
      const key = requestKey(request.headers);
      const staff = staffOf(request);
      return ok(await recordOfflineRepayment(deps, staff, request.params.id, request.body, key));
    },
  );

  consoleRoute(
    app,
    'POST',
    '/orders/:id/deposit-deduction',
    {
      ...money,
      target: 'order',
      operationId: 'settleFromDeposit',
      params: OrderIdParams,
      body: SettleFromDepositBody,
    },
    async (request) => {
      const key = requestKey(request.headers);
      return ok(
        await settleFromDeposit(deps, staffOf(request), request.params.id, request.body, key),
      );
    },
  );

  consoleRoute(
    app,
    'POST',
    '/bills/:id/write-off',
    {
      ...money,
      target: 'bill',
      operationId: 'writeOffBill',
      params: BillIdParams,
      body: WriteOffBody,
    },
    async (request) => {
      const key = requestKey(request.headers);
      return ok(
        await writeOffBill(deps, staffOf(request), request.params.id, request.body.reason, key),
      );
    },
  );
}
