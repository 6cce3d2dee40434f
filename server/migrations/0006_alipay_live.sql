-- Alipay live: what the user's Zhima credit waived of a deposit authorisation, and what was
-- really frozen (the freeze notification's credit_amount / fund_amount, fen). Null where the
-- provider says nothing of credit (the sandbox, a freeze without the credit service).
alter table deposit_authorisations add column credit_amount integer check (credit_amount >= 0);
alter table deposit_authorisations add column fund_amount integer check (fund_amount >= 0);

-- Alipay order centre (alipay.merchant.order.sync): every state change the order centre shows is
-- written here by the transaction that made it (a trigger on order_events, so no writer can
-- forget), and the alipay-order-sync job sends it, in order per order, retrying with backoff.
create table alipay_order_syncs (
  id integer generated always as identity primary key,
  event_id integer not null unique references order_events (id) on delete cascade,
  order_id integer not null references orders (id) on delete cascade,
  -- CREATE, PAID, IN_DELIVERY, IN_USE, RETURNED, FINISHED, CLOSED
  state text not null,
  modified_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'synced', 'skipped', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_at timestamptz not null default now(),
  synced_at timestamptz
);
create index alipay_order_syncs_pending on alipay_order_syncs (next_at) where status = 'pending';
create index alipay_order_syncs_order on alipay_order_syncs (order_id, id);

create function alipay_order_sync_enqueue() returns trigger language plpgsql as $$
declare
  state text := case
    when new.action = 'place' then 'CREATE'
    when new.action = 'first_paid' then 'PAID'
    when new.to_status = 'SHIPPED' and new.from_status <> 'SHIPPED' then 'IN_DELIVERY'
    when new.to_status = 'RENTING' and new.from_status = 'SHIPPED' then 'IN_USE'
    when new.to_status = 'INSPECTING' and new.from_status <> 'INSPECTING' then 'RETURNED'
    when new.to_status = 'COMPLETED' then 'FINISHED'
    when new.to_status in ('CANCELLED', 'REJECTED') then 'CLOSED'
  end;
begin
  if state is not null then
    insert into alipay_order_syncs (event_id, order_id, state, modified_at)
    values (new.id, new.order_id, state, new.created_at);
  end if;
  return new;
end
$$;
create trigger order_events_alipay_sync after insert on order_events
  for each row execute function alipay_order_sync_enqueue();
