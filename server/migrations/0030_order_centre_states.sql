-- Issue 39: the Alipay order centre gets every rental state of the online-rental category
-- (merchant_biz_type 3C_RENT) that our machine has, not only the main line. The table of our
-- states against theirs is in server/README.md ("Order centre"). A state change that shows the
-- same order-centre state as before (a renewal's RENTING → RENTING aside) records nothing new.
create or replace function alipay_order_sync_enqueue() returns trigger language plpgsql as $$
declare
  state text := case
    when new.action = 'place' then 'APPLYING'
    when new.action = 'renew_paid' then 'RELET'
    when new.from_status = new.to_status then null
    when new.to_status = 'PENDING_FREEZE' then 'DEPOSIT_WAIVER'
    when new.to_status = 'PENDING_PAY' then 'WAIT_PAY'
    when new.to_status = 'PENDING_REVIEW' then 'APPROVAL'
    when new.to_status = 'PENDING_SHIP' then 'TO_SEND_GOODS'
    when new.to_status = 'SHIPPED' then 'IN_DELIVERY'
    when new.to_status = 'RENTING' then 'IN_THE_LEASE'
    when new.to_status = 'OVERDUE' then 'OVERDUE'
    when new.to_status = 'DUE' then 'RENT_DUE'
    when new.to_status = 'RETURN_OVERDUE' then 'RETURN_OVERDUE'
    when new.to_status = 'BUYING_OUT' then 'IN_THE_BUYOUT'
    when new.to_status = 'BOUGHT_OUT' then 'BUYOUT'
    when new.to_status = 'RETURNING' then 'IN_THE_BACK'
    when new.to_status = 'COMPENSATION' then 'TO_BE_PAID'
    when new.to_status = 'SETTLING' then 'END_OF_LEASE'
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
