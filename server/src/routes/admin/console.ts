/**
 * The merchant console's API, `/admin/api/*` (contract/admin): staff sessions, the order desk,
 * staff and the audit log. Its own encapsulated scope: the session cookie, the staff guard
 * (admin/guard.ts: session, CSRF, role, brand — before any body is read) and its own OpenAPI
 * document (`/admin/api/openapi.json`, @fastify/swagger over these routes only).
 */
import cookie from '@fastify/cookie';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_SESSION_COOKIE,
  AdminLoginBody,
  AdminLoginReply,
  AdminLogoutReply,
  AdminMeReply,
  ApproveOrderBody,
  BillIdParams,
  ChangePasswordBody,
  ChangePasswordReply,
  CreateStaffBody,
  CreateStaffReply,
  DisableStaffBody,
  DisableStaffReply,
  GetOrderReply,
  HEADER_IDEMPOTENCY_KEY,
  InspectReturnBody,
  ListAuditQuery,
  ListAuditReply,
  ListOrdersQuery,
  ListOrdersReply,
  ListStaffReply,
  OrderActionReply,
  OrderIdParams,
  ReceiveReturnBody,
  RefundBillBody,
  RefundBillReply,
  RejectOrderBody,
  ResetStaffPasswordBody,
  ResetStaffPasswordReply,
  RevealCustomerBody,
  RevealCustomerReply,
  ShipOrderBody,
  UpdateStaffBody,
  UpdateStaffReply,
} from '../../../../contract/admin/index.ts';
import { listAuditEvents } from '../../admin/audit.ts';
import { registerStaffGuard, staffOf } from '../../admin/guard.ts';
import {
  deskOrderDetail,
  deskStep,
  type DeskStepInput,
  listDeskOrders,
  refundBill,
  revealCustomer,
  shipInput,
} from '../../admin/orders.ts';
import {
  ABSOLUTE_SECONDS,
  changePassword,
  createStaff,
  disableStaff,
  listStaff,
  loginStaff,
  logoutStaff,
  resetStaffPassword,
  sessionReply,
  updateStaff,
} from '../../admin/staff.ts';
import { ApiError, ok } from '../../plugins/errors.ts';
import { complaintRoutes } from './complaints.ts';
import { riskRoutes } from './risk.ts';
import { collectionsRoutes } from './collections.ts';
import { catalogRoutes } from './catalog.ts';
import { reportRoutes } from './reports.ts';
import { adminHomeRoutes } from './home.ts';
import { adminDiscoveryRoutes } from './discovery.ts';
import { consoleRoute } from './route.ts';
import { registerOpenApi } from '../../plugins/openapi.ts';

const ONE_MINUTE = 60_000;
const tag = (name: string) => ({ tags: [name] });

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  // The console's own document, by the storefront API's mechanism (plugins/openapi.ts): every
  // route with its operationId and the failure envelope as its default reply.
  await registerOpenApi(app, {
    documentPath: '/openapi.json',
    documentRouteConfig: { access: 'public' },
    basePath: '/admin/api',
    title: '商家后台 API',
    version: '1.0.0',
    description:
      'The merchant console (issue 36). A staff session is the admin_session cookie; every ' +
      "state-changing call also sends the session's CSRF token in X-CSRF-Token.",
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: ADMIN_SESSION_COOKIE },
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
      },
    },
    security: [{ session: [], csrf: [] }],
  });
  await app.register(cookie);
  registerStaffGuard(app, deps);

  sessionRoutes(app);
  orderDeskRoutes(app);
  orderStepRoutes(app);
  staffAndAuditRoutes(app);
  riskRoutes(app);
  complaintRoutes(app);
  collectionsRoutes(app);
  catalogRoutes(app);
  reportRoutes(app);
  adminHomeRoutes(app);
  adminDiscoveryRoutes(app);
};

/** Sign-in, sign-out, the session and the password: limited per IP and per login. */
function sessionRoutes(app: AdminScope): void {
  const deps = app.deps;
  const { config } = deps;
  const production = config.appEnv === 'production';

  const cookieOptions = {
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: production,
  };

  // Sign-in attempts: per client IP before anything is read, per login name once it is.
  const limit = (name: string, max: number, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({
      max,
      timeWindow: ONE_MINUTE,
      keyGenerator: (request) => `admin-${name}:${key(request)}`,
    });
  const loginByIp = limit('login-ip', config.admin.loginPerIp, (r) => r.ip);
  const loginByAccount = limit('login-account', config.admin.loginPerAccount, (r) =>
    String((r.body as { login?: unknown } | undefined)?.login ?? '').toLowerCase(),
  );
  const enforce =
    (check: typeof loginByIp) => async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new ApiError(429, '登录尝试过于频繁，请稍后再试', 429);
      }
    };

  // ---------------------------------------------------------------------------------------
  // Sessions

  const session = { access: 'session', ...tag('session') } as const;

  consoleRoute(
    app,
    'POST',
    '/login',
    {
      access: 'public',
      onRequest: enforce(loginByIp),
      preHandler: enforce(loginByAccount),
      operationId: 'adminLogin',
      ...tag('session'),
      security: [],
      body: AdminLoginBody,
      reply: AdminLoginReply,
    },
    async (request, reply) => {
      const { token, reply: session } = await loginStaff(deps, request.body, request.ip);
      reply.setCookie(ADMIN_SESSION_COOKIE, token, { ...cookieOptions, maxAge: ABSOLUTE_SECONDS });
      return ok(session);
    },
  );

  consoleRoute(
    app,
    'POST',
    '/logout',
    { ...session, operationId: 'adminLogout', reply: AdminLogoutReply },
    async (request, reply) => {
      const session = request.staffSession;
      if (session) await logoutStaff(deps, staffOf(request), session);
      reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions);
      return ok(null);
    },
  );

  consoleRoute(
    app,
    'GET',
    '/me',
    { ...session, operationId: 'adminMe', reply: AdminMeReply },
    async (request) => {
      if (!request.staffSession || !request.staffToken) throw new ApiError(401, '请先登录', 401);
      return ok(await sessionReply(deps, request.staffSession, request.staffToken));
    },
  );

  consoleRoute(
    app,
    'POST',
    '/password',
    {
      ...session,
      operationId: 'changePassword',
      body: ChangePasswordBody,
      reply: ChangePasswordReply,
    },
    async (request) => {
      if (!request.staffSession) throw new ApiError(401, '请先登录', 401);
      await changePassword(
        deps,
        staffOf(request),
        request.staffSession,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return ok(null);
    },
  );
}

/** The order desk: the queue and an order's detail, for the brands the account may see. */
function orderDeskRoutes(app: AdminScope): void {
  const deps = app.deps;
  const { db } = deps;

  // ---------------------------------------------------------------------------------------
  // Orders

  const oneOrder = { target: 'order', ...tag('orders'), params: OrderIdParams } as const;

  consoleRoute(
    app,
    'GET',
    '/orders',
    {
      access: 'orders.read',
      operationId: 'listOrders',
      ...tag('orders'),
      querystring: ListOrdersQuery,
      reply: ListOrdersReply,
    },
    async (request) => ok(await listDeskOrders(db, staffOf(request), request.query)),
  );

  consoleRoute(
    app,
    'GET',
    '/orders/:id',
    { ...oneOrder, access: 'orders.read', operationId: 'getOrder', reply: GetOrderReply },
    async (request) => ok(await deskOrderDetail(db, staffOf(request), request.params.id)),
  );

  consoleRoute(
    app,
    'POST',
    '/orders/:id/reveal',
    {
      ...oneOrder,
      access: 'customers.reveal',
      operationId: 'revealCustomer',
      body: RevealCustomerBody,
      reply: RevealCustomerReply,
    },
    async (request) =>
      ok(
        await revealCustomer(
          deps,
          staffOf(request),
          request.params.id,
          request.body.field,
          request.body.reason,
        ),
      ),
  );
}

/** The order desk's steps, each behind its permission, idempotent and audited. */
function orderStepRoutes(app: AdminScope): void {
  const deps = app.deps;

  /** One step on `/orders/:id/<step>`, under its permission, answered by the order's state. */
  const step = <B extends TSchema>(
    name: Parameters<typeof deskStep>[3],
    access: 'orders.review' | 'orders.fulfil',
    operationId: string,
    body: B,
    input: (body: Static<B>) => DeskStepInput,
  ) =>
    consoleRoute(
      app,
      'POST',
      `/orders/:id/${name}`,
      {
        access,
        target: 'order',
        operationId,
        ...tag('order actions'),
        params: OrderIdParams,
        body,
        reply: OrderActionReply,
      },
      async (request) =>
        ok(await deskStep(deps, staffOf(request), request.params.id, name, input(request.body))),
    );

  step('approve', 'orders.review', 'approveOrder', ApproveOrderBody, (body) => body ?? {});
  step('reject', 'orders.review', 'rejectOrder', RejectOrderBody, (body) => body);
  step('ship', 'orders.fulfil', 'shipOrder', ShipOrderBody, shipInput);
  step('receive-return', 'orders.fulfil', 'receiveReturn', ReceiveReturnBody, (body) => body ?? {});
  step('inspect', 'orders.fulfil', 'inspectReturn', InspectReturnBody, (body) => body);

  consoleRoute(
    app,
    'POST',
    '/bills/:id/refund',
    {
      access: 'bills.refund',
      target: 'bill',
      operationId: 'refundBill',
      ...tag('bills'),
      params: BillIdParams,
      body: RefundBillBody,
      reply: RefundBillReply,
    },
    async (request) => {
      const key = request.headers[HEADER_IDEMPOTENCY_KEY.toLowerCase()];
      if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(key))
        throw new ApiError(400, '请在 Idempotency-Key 请求头中提供 8-64 位的幂等键');
      return ok(
        await refundBill(
          deps,
          staffOf(request),
          request.params.id,
          request.body.amount,
          request.body.reason,
          key,
        ),
      );
    },
  );
}

/** The audit log and the staff accounts. */
function staffAndAuditRoutes(app: AdminScope): void {
  const deps = app.deps;
  const { db } = deps;

  // ---------------------------------------------------------------------------------------
  // Audit log and staff

  consoleRoute(
    app,
    'GET',
    '/audit-events',
    {
      access: 'audit.read',
      operationId: 'listAuditEvents',
      ...tag('audit'),
      querystring: ListAuditQuery,
      reply: ListAuditReply,
    },
    async (request) => ok(await listAuditEvents(db, staffOf(request), request.query)),
  );

  const staffManage = { access: 'staff.manage', ...tag('staff') } as const;

  consoleRoute(
    app,
    'POST',
    '/staff',
    { ...staffManage, operationId: 'createStaff', body: CreateStaffBody, reply: CreateStaffReply },
    async (request) => ok(await createStaff(deps, staffOf(request), request.body)),
  );

  consoleRoute(
    app,
    'GET',
    '/staff',
    { ...staffManage, operationId: 'listStaff', reply: ListStaffReply },
    async (request) => ok(await listStaff(db, staffOf(request))),
  );

  consoleRoute(
    app,
    'POST',
    '/staff/:id/disable',
    {
      ...staffManage,
      operationId: 'disableStaff',
      params: OrderIdParams,
      body: DisableStaffBody,
      reply: DisableStaffReply,
    },
    async (request) =>
      ok(await disableStaff(deps, staffOf(request), request.params.id, request.body.reason)),
  );

  consoleRoute(
    app,
    'POST',
    '/staff/:id/update',
    {
      ...staffManage,
      operationId: 'updateStaff',
      params: OrderIdParams,
      body: UpdateStaffBody,
      reply: UpdateStaffReply,
    },
    async (request) =>
      ok(await updateStaff(deps, staffOf(request), request.params.id, request.body)),
  );

  consoleRoute(
    app,
    'POST',
    '/staff/:id/reset-password',
    {
      ...staffManage,
      operationId: 'resetStaffPassword',
      params: OrderIdParams,
      body: ResetStaffPasswordBody,
      reply: ResetStaffPasswordReply,
    },
    async (request) =>
      ok(await resetStaffPassword(deps, staffOf(request), request.params.id, request.body.reason)),
  );
}

export default adminRoutes;
export const prefix = '/admin/api';
/** Described by its own document, /admin/api/openapi.json, not the storefront's. */
export const ownDocument = true;
