-- Core tables: people, sessions, login codes and the account data they own.
-- Ids are integer identities (as in the catalogue); times are timestamptz; money is integer fen.

create table users (
  id integer generated always as identity primary key,
  mobile text unique,
  nickname text not null default '',
  avatar text not null default '',
  alipay_user_id text unique,
  channel_code text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Mini-program open ids are per app, and each brand has its own app, so they are kept per platform.
create table user_open_ids (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  platform smallint not null check (platform between 1 and 9),
  provider text not null check (provider in ('alipay', 'wechat')),
  open_id text not null,
  created_at timestamptz not null default now(),
  unique (platform, provider, open_id),
  unique (user_id, platform, provider)
);

-- Only a hash of each token is stored; the token itself exists only in the client.
create table sessions (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  token_hash text not null unique,
  platform smallint not null check (platform between 1 and 9),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text check (revoked_reason in ('logout', 'replaced'))
);
create index sessions_user_platform on sessions (user_id, platform) where revoked_at is null;

create table sms_codes (
  id integer generated always as identity primary key,
  mobile text not null,
  code_hash text not null,
  ip text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  consumed_at timestamptz,
  burnt_at timestamptz
);
create index sms_codes_mobile_created on sms_codes (mobile, created_at desc);
create index sms_codes_ip_created on sms_codes (ip, created_at desc);

create table addresses (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  name text not null,
  mobile text not null,
  province text not null,
  city text not null,
  district text not null,
  detail text not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index addresses_user on addresses (user_id);
-- One default address per user, enforced by the database as well as by the route.
create unique index addresses_one_default on addresses (user_id) where is_default;

create table emergency_contacts (
  user_id integer primary key references users (id) on delete cascade,
  name text not null,
  mobile text not null,
  relation text not null,
  updated_at timestamptz not null default now()
);

create table coupons (
  id integer generated always as identity primary key,
  -- null: offered on every brand
  platform smallint check (platform between 1 and 9),
  title text not null,
  description text not null default '',
  -- fen taken off the first payment
  amount integer not null check (amount > 0),
  -- least order amount in fen for the coupon to apply
  min_amount integer not null default 0 check (min_amount >= 0),
  valid_days integer not null check (valid_days > 0),
  -- how many may be claimed in all; null means unlimited
  stock integer check (stock >= 0),
  claimed integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now()
);

create table user_coupons (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  coupon_id integer not null references coupons (id),
  status text not null default 'unused' check (status in ('unused', 'used')),
  claimed_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  unique (user_id, coupon_id)
);

create table complaints (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  platform smallint not null,
  type text not null,
  content text not null,
  contact_mobile text,
  images jsonb not null default '[]',
  created_at timestamptz not null default now()
);

create table uploads (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  original_name text not null,
  mime text not null,
  size integer not null,
  created_at timestamptz not null default now()
);
