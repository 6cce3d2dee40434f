-- The order queue's keyword search by a customer's name (issue 36): the verified name and the
-- delivery address's name on the order, each found by its index rather than by reading every
-- order's snapshot (server/bench/admin-queue.ts).
create index identities_name on identities (name);
create index orders_address_name on orders ((snapshot -> 'address' ->> 'name'));
