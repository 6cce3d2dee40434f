-- The order queue's page (issue 36) walks the orders newest (or last updated) first and skips
-- those of other tabs and brands: with the state and brand in the walking index itself, the skip
-- reads the index alone (an index-only scan) instead of every skipped order's row. The review tab
-- (0.5 % of orders) read ~4,100 rows to find its first 20 at 100,000 orders; now ~24 index pages
-- (server/bench/admin-queue.ts, npm run bench:admin).
drop index orders_desk_created;
drop index orders_desk_updated;
create index orders_desk_created on orders (created_at, id) include (status, platform);
create index orders_desk_updated on orders (updated_at, id) include (status, platform);
-- The queue's channel filter: the channel's customers by index, their orders by orders_user_*.
create index users_channel_code on users (channel_code) where channel_code is not null;
