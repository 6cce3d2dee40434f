-- Rental orders: the order with a snapshot of what was rented, its bills, payments and the
-- provider notifications that move them, deposit authorisations, refunds, the event timeline,
-- idempotency keys for client money operations, ops credentials and scheduled job runs.
-- Money is integer fen. States and actions: server/src/orders/machine.ts.

create table orders (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  platform smallint not null check (platform between 1 and 9),
  status text not null,
  -- The state a sub-process (cancel review, buy-out) returns to when it is refused or expires.
  resume_status text,
  -- At most one of renewal, return, buy-out, cancel runs at a time.
  sub_process text check (sub_process in ('renewal', 'return', 'buyout', 'cancel')),
  goods_id integer not null references goods (id),
  sku_id integer not null references goods_sku (id),
  plan_id integer not null references goods_plan (id),
  -- Goods, SKU, plan, services and address as they were when the order was placed.
  snapshot jsonb not null,
  term_unit text not null check (term_unit in ('month', 'day')),
  term integer not null check (term > 0),
  rent_per_period integer not null check (rent_per_period >= 0),
  -- 'freeze' Alipay fund authorisation, 'card' bank-card withholding, 'paid' deposit paid, 'waived'.
  deposit_method text not null check (deposit_method in ('freeze', 'card', 'paid', 'waived')),
  deposit integer not null check (deposit >= 0),
  user_coupon_id integer references user_coupons (id),
  coupon_discount integer not null default 0 check (coupon_discount >= 0),
  pay_deadline timestamptz,
  waybill text,
  return_waybill text,
  shipped_at timestamptz,
  delivered_at timestamptz,
  received_at timestamptz,
  -- Rent runs from the day after receipt to end_date (inclusive).
  start_date date,
  end_date date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_user_created on orders (user_id, id desc);
create index orders_status on orders (status);

create table bills (
  id integer generated always as identity primary key,
  order_id integer not null references orders (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (
    kind in ('FIRST', 'DEPOSIT', 'INSTALMENT', 'FINAL', 'BUYOUT', 'RENEWAL', 'OVERDUE_FEE', 'COMPENSATION')
  ),
  -- 1-based period for FIRST/INSTALMENT; a sequence number for the others.
  period integer not null,
  due_date date not null,
  original integer not null check (original >= 0),
  discount integer not null default 0 check (discount >= 0 and discount <= original),
  paid integer not null default 0 check (paid >= 0),
  status text not null default 'unpaid' check (status in ('unpaid', 'paid', 'cancelled')),
  overdue_days integer not null default 0,
  overdue_fee integer not null default 0,
  channel text,
  out_trade_no text,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  unique (order_id, kind, period)
);
create index bills_order on bills (order_id, id);
create index bills_due_unpaid on bills (due_date) where status = 'unpaid';

-- One charge attempt for one or more bills (or a deposit freeze). A bill can be in at most one
-- open payment at a time (payment_bills' partial unique index), so duplicate requests share it.
create table payments (
  id integer generated always as identity primary key,
  out_trade_no text not null unique,
  user_id integer not null references users (id) on delete cascade,
  order_id integer not null references orders (id) on delete cascade,
  purpose text not null check (purpose in ('bills', 'freeze')),
  channel text not null check (channel in ('alipay', 'wechat', 'card', 'auth')),
  amount integer not null check (amount >= 0),
  status text not null default 'created' check (status in ('created', 'succeeded', 'failed', 'closed')),
  provider_trade_no text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index payments_order on payments (order_id, id);

create table payment_bills (
  payment_id integer not null references payments (id) on delete cascade,
  bill_id integer not null references bills (id) on delete cascade,
  amount integer not null,
  -- true while the payment is open; cleared when it fails or closes.
  open boolean not null default true,
  primary key (payment_id, bill_id)
);
create unique index payment_bills_one_open on payment_bills (bill_id) where open;

-- Every notification the providers sent, verified or not; the first verified one per trade wins.
create table payment_notifications (
  id integer generated always as identity primary key,
  out_trade_no text not null,
  notify_id text not null,
  provider text not null,
  trade_status text not null,
  verified boolean not null,
  outcome text not null,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  unique (provider, notify_id)
);
create index payment_notifications_trade on payment_notifications (out_trade_no);

create table deposit_authorisations (
  id integer generated always as identity primary key,
  order_id integer not null references orders (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  out_request_no text not null unique,
  auth_no text,
  amount integer not null check (amount >= 0),
  -- What was taken from the authorisation as payment, and what was released.
  paid integer not null default 0 check (paid >= 0),
  unfrozen integer not null default 0 check (unfrozen >= 0),
  status text not null default 'pending' check (status in ('pending', 'frozen', 'failed', 'closed')),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  check (paid + unfrozen <= amount)
);
create index deposit_authorisations_order on deposit_authorisations (order_id, id);

create table refunds (
  id integer generated always as identity primary key,
  out_refund_no text not null unique,
  payment_id integer not null references payments (id) on delete cascade,
  order_id integer not null references orders (id) on delete cascade,
  amount integer not null check (amount > 0),
  reason text not null,
  created_at timestamptz not null default now()
);
create index refunds_order on refunds (order_id);

create table order_events (
  id integer generated always as identity primary key,
  order_id integer not null references orders (id) on delete cascade,
  action text not null,
  from_status text not null,
  to_status text not null,
  actor text not null check (actor in ('user', 'ops', 'system', 'provider')),
  note text not null default '',
  created_at timestamptz not null default now()
);
create index order_events_order on order_events (order_id, id);

-- The first answer to a client money operation, replayed for the same key.
create table idempotency_keys (
  user_id integer not null references users (id) on delete cascade,
  scope text not null,
  key text not null,
  request_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, scope, key)
);

create table ops_credentials (
  id integer generated always as identity primary key,
  name text not null unique,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create table job_runs (
  id integer generated always as identity primary key,
  job text not null,
  clock timestamptz not null,
  result jsonb not null,
  created_at timestamptz not null default now()
);
