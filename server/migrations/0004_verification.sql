-- Verification: real-name identities, face sessions, credit scores, bank cards and their bind
-- sessions, rental contracts with their e-sign sessions, and withholding agreements.
-- No full ID number or card number is stored: a keyed hash (to find duplicates) and a masked form.

-- One identity per user, and one user per ID number.
create table identities (
  user_id integer primary key references users (id) on delete cascade,
  name text not null,
  id_hash text not null unique,
  -- 1101**********002X
  id_masked text not null,
  -- 'M' or 'F', from the ID number's sequence digit; birth date from its middle digits.
  gender text not null check (gender in ('M', 'F')),
  birth_date date not null,
  -- 'ocr' when the fields came from a recognised ID card photo, 'manual' when typed.
  source text not null check (source in ('ocr', 'manual')),
  created_at timestamptz not null default now()
);

-- OCR results the user may confirm with auth/submit (the fields are re-checked there).
create table ocr_results (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  upload_id text not null references uploads (id) on delete cascade,
  side text not null check (side in ('front', 'back')),
  recognised boolean not null,
  created_at timestamptz not null default now()
);
create index ocr_results_user on ocr_results (user_id, id desc);

create table face_sessions (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  certify_id text not null unique,
  status text not null default 'pending' check (status in ('pending', 'passed', 'failed')),
  reason text not null default '',
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index face_sessions_user on face_sessions (user_id, id desc);

create table credit_scores (
  user_id integer primary key references users (id) on delete cascade,
  provider text not null,
  score integer not null check (score between 350 and 950),
  passed boolean not null,
  created_at timestamptz not null default now()
);

create table bank_cards (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  -- keyed hash of the full number: the same card is bound once per user
  card_hash text not null,
  first6 text not null,
  last4 text not null,
  bank_code text not null,
  bank_name text not null,
  card_type text not null check (card_type in ('DC', 'CC', 'SCC', 'PC')),
  -- the provider's agreement number, used to withhold; not the card number
  provider_token text not null,
  reserved_mobile text not null,
  created_at timestamptz not null default now(),
  unique (user_id, card_hash)
);
create index bank_cards_user on bank_cards (user_id, id desc);

-- bindCardPreOrder → verifyBindCard → bindBindCard. The card number itself stays with the
-- provider (keyed by bind_request_no) between the steps, as a real payment channel keeps it.
create table bank_card_binds (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  bind_request_no text not null unique,
  card_hash text not null,
  first6 text not null,
  last4 text not null,
  bank_code text not null,
  bank_name text not null,
  card_type text not null,
  reserved_mobile text not null,
  status text not null default 'sent' check (status in ('sent', 'verified', 'bound', 'burnt', 'expired')),
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index bank_card_binds_user on bank_card_binds (user_id, id desc);

create table contracts (
  id integer generated always as identity primary key,
  order_id integer not null unique references orders (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  contract_no text not null unique,
  -- sanitised HTML as rendered when signing started; what the user signs
  html text not null,
  status text not null default 'signing' check (status in ('signing', 'signed', 'refused')),
  signed_at timestamptz,
  created_at timestamptz not null default now()
);

create table sign_sessions (
  id integer generated always as identity primary key,
  contract_id integer not null references contracts (id) on delete cascade,
  flow_id text not null unique,
  status text not null default 'pending' check (status in ('pending', 'signed', 'refused')),
  -- the first verified notification wins; later ones change nothing
  notified_at timestamptz,
  created_at timestamptz not null default now()
);
create index sign_sessions_contract on sign_sessions (contract_id, id desc);

create table withholding_agreements (
  id integer generated always as identity primary key,
  order_id integer not null unique references orders (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  bank_card_id integer not null references bank_cards (id),
  agreement_no text not null unique,
  signed_at timestamptz not null
);
