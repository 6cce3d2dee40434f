-- Issue 39: WeChat Pay Score (微信支付分) in its deposit-free mode (先免模式) as a deposit kind on
-- WeChat. The service order is recorded as a deposit authorisation of provider `payscore`:
-- out_request_no is the service order's out_order_no, auth_no WeChat's order_id, `pending` until
-- the user confirms (PAYSCORE.USER_CONFIRM), `frozen` while it holds the deposit as risk fund,
-- `closed` once completed or cancelled.
alter table orders drop constraint orders_deposit_method_check;
alter table orders add constraint orders_deposit_method_check
  check (deposit_method in ('freeze', 'card', 'paid', 'waived', 'payscore'));

alter table deposit_authorisations
  add column provider text not null default 'alipay' check (provider in ('alipay', 'payscore'));

-- What the completion of a service order collected (PAYSCORE.USER_PAID pays these bills).
alter table payments drop constraint payments_channel_check;
alter table payments add constraint payments_channel_check
  check (channel in ('alipay', 'wechat', 'card', 'auth', 'deposit', 'payscore'));

-- A customer Pay Score refused on a brand (创单评估未通过): the deposit-free choice is not offered
-- to them there again; they keep the deposit options.
create table payscore_refusals (
  user_id integer not null references users (id) on delete cascade,
  platform integer not null,
  reason text not null,
  refused_at timestamptz not null default now(),
  primary key (user_id, platform)
);
