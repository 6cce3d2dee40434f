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

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

const tags = ['collections'];

export function collectionsRoutes(app: AdminScope): void {
  const deps = app.deps;

  app.get(
    '/collections/overdue',
    {
      config: { access: 'collections.work' },
      schema: {
        operationId: 'listOverdue',
        tags,
        querystring: ListOverdueQuery,
        response: { 200: ListOverdueReply },
      },
    },
    async (request) => ok(await listOverdue(deps, staffOf(request), request.query)),
  );

  app.get(
    '/collections/collectors',
    {
      config: { access: 'collections.work' },
      schema: { operationId: 'listCollectors', tags, response: { 200: ListCollectorsReply } },
    },
    async (request) => ok(await listCollectors(deps.db, staffOf(request))),
  );

  app.post(
    '/orders/:id/collector',
    {
      config: { access: 'collections.assign', target: 'order' },
      schema: {
        operationId: 'assignCollector',
        tags,
        params: OrderIdParams,
        body: AssignCollectorBody,
        response: { 200: AssignCollectorReply },
      },
    },
    async (request) =>
      ok(await assignCollector(deps, staffOf(request), request.params.id, request.body.staffId)),
  );

  app.get(
    '/orders/:id/contacts',
    {
      config: { access: 'collections.work', target: 'order' },
      schema: {
        operationId: 'listContactRecords',
        tags,
        params: OrderIdParams,
        response: { 200: ListContactsReply },
      },
    },
    async (request) => ok({ list: await listContacts(deps.db, request.params.id) }),
  );

  app.post(
    '/orders/:id/contacts',
    {
      config: { access: 'collections.work', target: 'order' },
      schema: {
        operationId: 'addContactRecord',
        tags,
        params: OrderIdParams,
        body: AddContactRecordBody,
        response: { 200: AddContactRecordReply },
      },
    },
    async (request) =>
      ok(await addContactRecord(deps, staffOf(request), request.params.id, request.body)),
  );

  moneyRoutes(app);
}

/** Finance's money actions: each once per Idempotency-Key, with a reason, audited. */
function moneyRoutes(app: AdminScope): void {
  const deps = app.deps;
  const requestKey = (headers: Record<string, unknown>) =>
    requireRequestKey(headers[HEADER_IDEMPOTENCY_KEY.toLowerCase()]);

  app.post(
    '/bills/:id/waive-fee',
    {
      config: { access: 'bills.refund', target: 'bill' },
      schema: {
        operationId: 'waiveFee',
        tags,
        params: BillIdParams,
        body: WaiveFeeBody,
        response: { 200: MoneyActionReply },
      },
    },
    async (request) =>
      ok(
        await waiveFee(
          deps,
          staffOf(request),
          request.params.id,
          request.body,
          requestKey(request.headers),
        ),
      ),
  );

  app.post(
    '/orders/:id/offline-repayment',
    {
      config: { access: 'bills.refund', target: 'order' },
      schema: {
        operationId: 'recordOfflineRepayment',
        tags,
        params: OrderIdParams,
        body: RecordOfflineRepaymentBody,
        response: { 200: MoneyActionReply },
      },
    },
    async (request) =>
      ok(
        await recordOfflineRepayment(
          deps,
          staffOf(request),
          request.params.id,
          request.body,
          requestKey(request.headers),
        ),
      ),
  );

  app.post(
    '/orders/:id/deposit-deduction',
    {
      config: { access: 'bills.refund', target: 'order' },
      schema: {
        operationId: 'settleFromDeposit',
        tags,
        params: OrderIdParams,
        body: SettleFromDepositBody,
        response: { 200: MoneyActionReply },
      },
    },
    async (request) =>
      ok(
        await settleFromDeposit(
          deps,
          staffOf(request),
          request.params.id,
          request.body,
          requestKey(request.headers),
        ),
      ),
  );

  app.post(
    '/bills/:id/write-off',
    {
      config: { access: 'bills.refund', target: 'bill' },
      schema: {
        operationId: 'writeOffBill',
        tags,
        params: BillIdParams,
        body: WriteOffBody,
        response: { 200: MoneyActionReply },
      },
    },
    async (request) =>
      ok(
        await writeOffBill(
          deps,
          staffOf(request),
          request.params.id,
          request.body.reason,
          requestKey(request.headers),
        ),
      ),
  );
}
