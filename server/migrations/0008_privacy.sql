-- Privacy and customer care: separate consents per brand and policy version (PIPL art. 14, 29),
-- account cancellation (注销账户), and the bill reminders with the subscriptions they go to.

-- One row per consent given: which user, on which brand (each brand is its own company and
-- merchant), to what, in which version of the text, when, and from which client. Kept after the
-- account is cancelled: it is the proof that processing had a legal basis (PIPL art. 14).
create table consents (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  platform smallint not null check (platform between 1 and 9),
  kind text not null check (
    kind in ('privacy_policy', 'user_agreement', 'identity_and_face', 'credit_query', 'withholding')
  ),
  policy_version text not null,
  channel text not null check (channel in ('h5', 'weapp', 'alipay')),
  ip text not null,
  granted_at timestamptz not null,
  withdrawn_at timestamptz,
  unique (user_id, platform, kind, policy_version)
);
create index consents_user_platform on consents (user_id, platform, kind);

-- A cancelled account: personal data anonymised, the row kept because orders, bills, payments
-- and contracts still point at it; retain_until says when what the law keeps may go too.
alter table users add column cancelled_at timestamptz;
alter table users add column retain_until date;

alter table sessions drop constraint sessions_revoked_reason_check;
alter table sessions add constraint sessions_revoked_reason_check
  check (revoked_reason in ('logout', 'replaced', 'cancelled'));

-- Bill reminders: one row per bill, kind and channel, so each is sent at most once whatever
-- runs twice (two workers, a retried job). Written before the provider is called; 'pending'
-- left by a crash is not sent again (a late duplicate reminder is worse than none).
create table bill_reminders (
  id integer generated always as identity primary key,
  bill_id integer not null references bills (id) on delete cascade,
  kind text not null check (kind in ('due_in_3_days', 'due_in_1_day', 'due_today', 'overdue')),
  channel text not null check (channel in ('sms', 'wechat', 'alipay')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null,
  sent_at timestamptz,
  unique (bill_id, kind, channel)
);

-- Subscribe-message permissions: WeChat's one-time subscription allows one message per
-- acceptance of a template; Alipay's likewise. Each acceptance is a row, used up by one send.
create table message_subscriptions (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  platform smallint not null check (platform between 1 and 9),
  host text not null check (host in ('wechat', 'alipay')),
  purpose text not null check (purpose in ('bill_reminder', 'bill_due_today', 'overdue_notice')),
  template_id text not null,
  granted_at timestamptz not null,
  used_at timestamptz
);
create index message_subscriptions_unused on message_subscriptions (user_id, platform, host, purpose)
  where used_at is null;

-- The user cancelled automatic deduction for the order (解除代扣): nothing is withheld under it
-- any more, and the order's bills are paid by hand.
alter table withholding_agreements add column cancelled_at timestamptz;

-- Early return (提前归还): the rent not yet due is waived and an EARLY_RETURN fee bill is owed.
alter table bills drop constraint bills_kind_check;
alter table bills add constraint bills_kind_check check (
  kind in ('FIRST', 'DEPOSIT', 'INSTALMENT', 'FINAL', 'BUYOUT', 'RENEWAL', 'OVERDUE_FEE',
    'COMPENSATION', 'EARLY_RETURN')
);
