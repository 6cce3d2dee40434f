-- Merchant console part 2 (issue 37), home page and coupons:
-- * a banner may link to an https page on an allowed host ('web'), besides goods, categories
--   and storefront pages;
-- * coupon templates: amount off (the old kind), percentage off or first month free; a window in
--   which they are offered; how many one user may hold; the goods they apply to (null: all).
--   Orders keep the discount they were placed with (orders.coupon_discount), so editing or
--   ending a template never changes an order's bills.
-- * a user may hold a coupon up to its per-user limit: claims are numbered 1..limit per user.

alter table banner drop constraint banner_link_type_check;
alter table banner add constraint banner_link_type_check
  check (link_type in ('none', 'goods', 'category', 'page', 'web'));

alter table coupons add column kind text not null default 'amount'
  check (kind in ('amount', 'percent', 'first_month_free'));
-- 1..99 for percentage off; null for the other kinds.
alter table coupons add column percent_off integer check (percent_off between 1 and 99);
alter table coupons add column starts_at timestamptz;
alter table coupons add column ends_at timestamptz;
alter table coupons add column per_user_limit integer not null default 1
  check (per_user_limit between 1 and 100);
-- Goods ids the coupon applies to; null: every goods.
alter table coupons add column goods_ids jsonb;
alter table coupons add column updated_at timestamptz not null default now();
-- A percentage or first-month coupon has no fixed amount.
alter table coupons drop constraint coupons_amount_check;
alter table coupons add constraint coupons_amount_check check (amount >= 0);
alter table coupons add constraint coupons_kind_amount check (
  (kind = 'amount' and amount > 0 and percent_off is null)
  or (kind = 'percent' and percent_off is not null)
  or (kind = 'first_month_free' and percent_off is null)
);
alter table coupons add constraint coupons_window check (
  starts_at is null or ends_at is null or ends_at > starts_at
);

alter table user_coupons add column claim_no integer not null default 1 check (claim_no >= 1);
alter table user_coupons drop constraint user_coupons_one_claim;
alter table user_coupons add constraint user_coupons_one_claim
  unique (user_id, platform, coupon_id, claim_no);
-- Who issued it from the console (null: the user claimed it).
alter table user_coupons add column issued_by integer references staff (id);
