-- Risk review (issue 36): what the desk knows of an order waiting for review, and each brand's
-- rules that flag (never decide) one.

-- The storefront's device id (src/platform/storage.ts getDeviceId: a random id kept in the
-- device's storage), sent when the order is placed. Orders placed before have none. It links
-- orders placed from one phone or browser; it is not the shipped device (device_serial).
alter table orders add column device_id text;
create index orders_platform_device on orders (platform, device_id) where device_id is not null;

-- One row per brand: the rules its owner set in the console (audited with before/after). A brand
-- without a row flags nothing.
create table risk_rules (
  platform smallint primary key check (platform between 1 and 9),
  -- {"minAge", "maxAge", "maxRelatedOrders", "minCreditScore", "idRegions": ["11", "4403"]}
  rules jsonb not null,
  updated_by integer not null references staff (id),
  updated_at timestamptz not null default now()
);
