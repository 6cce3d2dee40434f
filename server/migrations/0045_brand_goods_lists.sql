-- Merchant console part 2 (issue 37, leftovers): a brand's own hot goods and 优享好物 lists, in the
-- merchant's order (and, below, its categories). A brand with no rows for a list shows the
-- shared one (goods.is_hot by sales, goods.is_enjoy in goods.sort order), as before.
create table brand_goods_list (
  platform smallint not null,
  list text not null check (list in ('hot', 'enjoy')),
  goods_id integer not null references goods (id) on delete cascade,
  sort integer not null default 0,
  primary key (platform, list, goods_id)
);
create index brand_goods_list_order on brand_goods_list (platform, list, sort);

-- A brand's own categories list (the classify page and the home shortcuts): which enabled
-- categories it shows, in its order. None: every enabled category in category.sort order.
create table brand_category (
  platform smallint not null,
  category_id integer not null references category (id) on delete cascade,
  sort integer not null default 0,
  primary key (platform, category_id)
);
