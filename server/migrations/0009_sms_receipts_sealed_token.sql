-- Issue 18, what was left open: SMS delivery receipts, and WeChat's access token sealed at rest.

-- Every text message a carrier accepted: what it was for, to whom (masked; the number itself
-- only sealed, and only until the receipt is final: QuerySendDetails is asked by number and
-- BizId), under which template, and what the carrier reported. `pending` is polled by the
-- sms-receipts job; delivered, failed and expired are final; no_receipt is a carrier (the
-- sandbox) that gives none.
create table sms_messages (
  id integer generated always as identity primary key,
  platform smallint not null check (platform between 1 and 9),
  purpose text not null check (
    purpose in ('login_code', 'bill_reminder', 'bill_due_today', 'overdue_notice')
  ),
  provider text not null,
  biz_id text not null,
  template_code text,
  mobile_masked text not null,
  mobile_sealed text,
  status text not null check (status in ('pending', 'delivered', 'failed', 'expired', 'no_receipt')),
  carrier_code text,
  sent_at timestamptz not null,
  checks integer not null default 0,
  next_check_at timestamptz not null,
  last_error text,
  final_at timestamptz,
  unique (provider, biz_id),
  check ((status = 'pending') = (mobile_sealed is not null))
);
create index sms_messages_pending on sms_messages (next_check_at) where status = 'pending';

-- The cached stable_token is sealed (AES-256-GCM under DATA_ENCRYPTION_KEY). A plain token
-- already cached is dropped: the next call fetches one, and stable_token hands out the same one.
alter table wechat_access_tokens rename column access_token to access_token_sealed;
update wechat_access_tokens set access_token_sealed = '', expires_at = 'epoch';
