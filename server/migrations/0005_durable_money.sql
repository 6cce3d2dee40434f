-- The durable money path (see server/src/jobs/README.md):
-- * a provider call that moves money is written as a pending row (refund, deposit operation,
--   withholding payment) in the transaction of the state change that needs it, and a job carries
--   it out afterwards with the row's number as the provider's idempotency key;
-- * the sandbox providers keep their trades, freezes, refunds and notifications here, so they
--   survive a restart and two processes see the same sandbox;
-- * an order holds one unit of its SKU's stock until it is cancelled;
-- * addresses and claimed coupons belong to one brand, like orders and sessions;
-- * workers leave a heartbeat, and each scheduled run names the job that ran it.

-- Refunds ----------------------------------------------------------------------------------------
-- Rows written before this migration were refunded synchronously: they are settled.
alter table refunds add column status text not null default 'succeeded'
  check (status in ('pending', 'succeeded', 'failed'));
alter table refunds alter column status set default 'pending';
alter table refunds add column attempts integer not null default 0;
alter table refunds add column last_error text;
alter table refunds add column finished_at timestamptz;
create index refunds_pending on refunds (created_at) where status = 'pending';

-- Deposit operations: releasing (unfreezing) part of an authorisation. The test authorisation of
-- GET /api/test/aliPayFreeze has no order, so both references may be empty.
create table deposit_operations (
  id integer generated always as identity primary key,
  authorisation_id integer references deposit_authorisations (id) on delete cascade,
  order_id integer references orders (id) on delete cascade,
  -- The brand whose merchant account holds the authorisation.
  platform smallint not null check (platform between 1 and 9),
  kind text not null check (kind in ('unfreeze')),
  out_request_no text not null unique,
  auth_no text not null,
  amount integer not null check (amount > 0),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index deposit_operations_order on deposit_operations (order_id);
create index deposit_operations_pending on deposit_operations (created_at) where status = 'pending';

-- A freeze asked of the provider (the job ran); until then the authorisation is only recorded.
alter table deposit_authorisations add column requested_at timestamptz;
update deposit_authorisations set requested_at = created_at;

-- Payments: when the provider was asked (withholding, payment from the authorisation), and a
-- payment we had closed or seen fail that the provider later reported paid.
alter table payments add column requested_at timestamptz;
alter table payments add column late_success boolean not null default false;
create index payments_open on payments (created_at) where status = 'created';
create index deposit_authorisations_pending on deposit_authorisations (created_at)
  where status = 'pending';

-- Stock -----------------------------------------------------------------------------------------
-- Orders placed before this migration never took a unit: they have none to give back.
alter table orders add column holds_stock boolean not null default false;

-- Brand scoping ---------------------------------------------------------------------------------
-- Each brand is its own merchant: an address or a claimed coupon belongs to the brand it was
-- made on. Rows from before are given the brand of the user's latest session (else brand 1).
alter table addresses add column platform smallint check (platform between 1 and 9);
update addresses a set platform = coalesce(
  (select s.platform from sessions s where s.user_id = a.user_id order by s.id desc limit 1), 1);
alter table addresses alter column platform set not null;
drop index addresses_one_default;
create unique index addresses_one_default on addresses (user_id, platform) where is_default;
drop index addresses_user;
create index addresses_user on addresses (user_id, platform);

alter table user_coupons add column platform smallint check (platform between 1 and 9);
update user_coupons uc set platform = coalesce(
  (select c.platform from coupons c where c.id = uc.coupon_id),
  (select o.platform from orders o where o.user_coupon_id = uc.id limit 1),
  (select s.platform from sessions s where s.user_id = uc.user_id order by s.id desc limit 1),
  1);
alter table user_coupons alter column platform set not null;
alter table user_coupons drop constraint user_coupons_user_id_coupon_id_key;
alter table user_coupons add constraint user_coupons_one_claim unique (user_id, platform, coupon_id);

create index orders_user_platform on orders (user_id, platform, id desc);

-- Jobs ------------------------------------------------------------------------------------------
alter table job_runs add column job_id text unique;

create table worker_heartbeats (
  worker text primary key,
  started_at timestamptz not null,
  seen_at timestamptz not null
);

-- Sandbox providers -----------------------------------------------------------------------------
-- What the sandbox gateways know, as the real ones would: every row here is the provider's side.
create table sandbox_trades (
  out_trade_no text primary key,
  gateway text not null,
  trade_no text not null unique,
  amount integer not null check (amount >= 0),
  subject text not null,
  notify_url text not null,
  status text not null default 'open' check (status in ('open', 'paid', 'closed', 'failed')),
  -- Paid from a deposit authorisation (alipay.trade.pay with auth_no).
  auth_no text,
  refunded integer not null default 0 check (refunded >= 0),
  created_at timestamptz not null default now(),
  paid_at timestamptz
);

create table sandbox_refunds (
  out_refund_no text primary key,
  out_trade_no text not null references sandbox_trades (out_trade_no),
  amount integer not null check (amount > 0),
  created_at timestamptz not null default now()
);

create table sandbox_authorisations (
  out_request_no text primary key,
  auth_no text not null unique,
  amount integer not null check (amount >= 0),
  -- Still frozen (amount less what was unfrozen or paid from it).
  frozen integer not null default 0 check (frozen >= 0),
  status text not null check (status in ('frozen', 'failed')),
  notify_url text not null,
  created_at timestamptz not null default now()
);

create table sandbox_authorisation_operations (
  out_request_no text primary key,
  auth_no text not null references sandbox_authorisations (auth_no),
  kind text not null check (kind in ('unfreeze')),
  amount integer not null check (amount > 0),
  created_at timestamptz not null default now()
);

create table sandbox_notifications (
  id integer generated always as identity primary key,
  gateway text not null,
  notify_url text not null,
  fields jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'abandoned')),
  attempts integer not null default 0,
  last_answer text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index sandbox_notifications_pending on sandbox_notifications (id) where status = 'pending';

-- Failures on demand (tests and demos): the next operation of a kind on a gateway fails.
create table sandbox_failures (
  id integer generated always as identity primary key,
  gateway text not null,
  kind text not null
);
