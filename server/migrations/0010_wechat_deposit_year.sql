-- Issue 18, the lead's decision on WeChat deposits: WeChat Pay refuses refunds of payments more
-- than a year old, so a deposit paid through WeChat that is still held 330 days after it was paid
-- settles the order's unpaid bills and the rest goes back at once (orders/service.ts,
-- settleWechatDepositEarly). The order runs on without a deposit from then on.
alter table orders add column deposit_settled_at timestamptz;

-- The bills it paid are recorded as one payment on the channel `deposit` (no provider call: the
-- money was received with the deposit).
alter table payments drop constraint payments_channel_check;
alter table payments add constraint payments_channel_check
  check (channel in ('alipay', 'wechat', 'card', 'auth', 'deposit'));
