-- The merchant console's order queue (issue 36) on a big shop: its page walks the orders newest
-- (or last updated) first within a tab, a brand and a time range, and stops after one page; a
-- sort over every matching order cost most of the page at 100,000 orders
-- (server/bench/admin-queue.ts, npm run bench:admin). The tabs' counts read the orders by brand
-- and state.
create index orders_desk_created on orders (created_at, id);
create index orders_desk_updated on orders (updated_at, id);
create index orders_desk_platform_status on orders (platform, status);
