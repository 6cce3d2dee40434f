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

-- Issue 17: the order-centre states are the online-rental category's (merchant_biz_type 3C_RENT)
-- merchant_order_status values, not the names first written from memory (CREATE, PAID, IN_USE,
-- RETURNED). States already recorded but not yet sent are renamed too.
create or replace function alipay_order_sync_enqueue() returns trigger language plpgsql as $$
declare
  state text := case
    when new.action = 'place' then 'APPLYING'
    when new.action = 'first_paid' then 'APPROVAL'
    when new.to_status = 'SHIPPED' and new.from_status <> 'SHIPPED' then 'IN_DELIVERY'
    when new.to_status = 'RENTING' and new.from_status = 'SHIPPED' then 'IN_THE_LEASE'
    when new.to_status = 'RETURNING' and new.from_status <> 'RETURNING' then 'IN_THE_BACK'
    when new.to_status = 'COMPLETED' then 'FINISHED'
    when new.to_status = 'CANCELLED' then 'CLOSED'
    when new.to_status = 'REJECTED' then 'REJECT'
  end;
begin
  if state is not null then
    insert into alipay_order_syncs (event_id, order_id, state, modified_at)
    values (new.id, new.order_id, state, new.created_at);
  end if;
  return new;
end
$$;
update alipay_order_syncs set state = case state
    when 'CREATE' then 'APPLYING'
    when 'PAID' then 'APPROVAL'
    when 'IN_USE' then 'IN_THE_LEASE'
    when 'RETURNED' then 'IN_THE_BACK'
    else state
  end
  where status = 'pending';
