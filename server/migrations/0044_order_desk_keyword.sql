-- The order queue's keyword search (issue 36) by a customer's name: the verified name and the
-- delivery address's name on the order, each found by its index rather than by reading every
-- order's snapshot (server/bench/admin-queue.ts).
create index identities_name on identities (name);
create index orders_address_name on orders ((snapshot -> 'address' ->> 'name'));
-- A mobile's last four digits (also the tail of a masked 138****5678).
create index users_mobile_last4 on users (right(mobile, 4));
