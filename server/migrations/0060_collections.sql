-- Collections (issue 38): who owes what on overdue orders, who works each case, what was said
-- and promised, and the money a finance desk settles by hand (fee waivers, offline repayments,
-- write-offs), each once per client key.

-- A waived late fee: the scheduler's fee for the bill's days late, less this (0 at least).
alter table bills add column fee_waived integer not null default 0 check (fee_waived >= 0);
-- A bill the merchant gave up on (written off): what was owed when it was.
alter table bills add column written_off integer not null default 0 check (written_off >= 0);

-- Money a customer paid outside the platform (bank transfer, cash), recorded by finance.
alter table payments drop constraint payments_channel_check;
alter table payments add constraint payments_channel_check
  check (channel in ('alipay', 'wechat', 'card', 'auth', 'deposit', 'payscore', 'offline'));

-- The collector working an order's overdue case (one at a time).
create table collection_assignments (
  order_id integer primary key references orders (id) on delete cascade,
  staff_id integer not null references staff (id),
  assigned_by integer references staff (id),
  assigned_at timestamptz not null
);
create index collection_assignments_staff on collection_assignments (staff_id);

-- A collector's call, message or note, with its outcome and any promise to pay.
create table collection_contacts (
  id integer generated always as identity primary key,
  order_id integer not null references orders (id) on delete cascade,
  platform smallint not null check (platform between 1 and 9),
  staff_id integer not null references staff (id),
  kind text not null check (kind in ('call', 'message', 'note')),
  outcome text check (outcome in ('reached', 'no_answer', 'promised', 'refused', 'wrong_number')),
  note text not null default '',
  promised_date date,
  promised_amount integer check (promised_amount > 0),
  created_at timestamptz not null,
  check ((outcome = 'promised') = (promised_date is not null and promised_amount is not null))
);
create index collection_contacts_order on collection_contacts (order_id, id);

-- Money actions by request key: a repeated request answers the first reply, writes nothing.
create table collection_actions (
  id integer generated always as identity primary key,
  request_key text not null unique,
  action text not null,
  target_id integer not null,
  staff_id integer not null references staff (id),
  request jsonb not null,
  reply jsonb not null,
  created_at timestamptz not null
);
