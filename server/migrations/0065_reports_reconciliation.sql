-- Issue 38 (merchant console part 3, finance and reports).
--
-- The channel code the customer arrived with (the storefront's launch query `code`), kept on the
-- order so reports can count orders and rent by channel. Short identifiers only; older orders
-- have none.
alter table orders add column channel_code text
  check (channel_code is null or channel_code ~ '^[A-Za-z0-9_-]{1,64}$');

-- Reports read the ledger at query time by day ranges: these keep a month's page under a second
-- at 100,000 orders (server/bench/reports.ts).
create index orders_created on orders (created_at);
create index order_events_action_created on order_events (action, created_at);
create index bills_due on bills (due_date);
create index payments_finished on payments (finished_at) where status = 'succeeded';
create index refunds_finished on refunds (finished_at) where status = 'succeeded';
create index deposit_authorisations_created on deposit_authorisations (created_at);
create index bills_buyout_paid on bills (paid_at) where kind = 'BUYOUT' and status = 'paid';

-- What a provider reports for one brand's merchant on one (Asia/Shanghai) day: its statement,
-- one line per payment or refund, named by our own number for it (out_trade_no / out_refund_no).
-- `provider` is the gateway: 'alipay', 'wechat' or 'card'.
create table provider_statements (
  id integer generated always as identity primary key,
  platform smallint not null check (platform between 1 and 9),
  provider text not null check (provider in ('alipay', 'wechat', 'card')),
  day date not null,
  imported_at timestamptz not null default now(),
  unique (platform, provider, day)
);
create table provider_statement_lines (
  statement_id integer not null references provider_statements (id) on delete cascade,
  kind text not null check (kind in ('payment', 'refund')),
  reference text not null,
  amount integer not null,
  primary key (statement_id, kind, reference)
);
create index provider_statement_lines_reference on provider_statement_lines (kind, reference);

-- A mismatch a finance account looked into and closed, with its note (and an audit row).
create table reconciliation_resolutions (
  id integer generated always as identity primary key,
  platform smallint not null,
  provider text not null,
  day date not null,
  kind text not null check (kind in ('payment', 'refund')),
  reference text not null,
  note text not null,
  staff_id integer not null references staff (id),
  resolved_at timestamptz not null,
  unique (provider, kind, reference)
);
