-- WeChat live (issue 18).
-- The access token of each mini-program (stable_token), shared by every process: a process that
-- finds it near expiry locks the row, looks again, and only then asks WeChat, so two processes
-- never refresh at once. It is a credential: readable only by the application's role.
create table wechat_access_tokens (
  app_id text primary key,
  access_token text not null default '',
  expires_at timestamptz not null default 'epoch',
  refreshed_at timestamptz
);

-- WeChat Pay refunds finish asynchronously: the refund notification (or a refund query) says
-- whether the money reached the user; until then a refund the provider accepted is `succeeded`
-- with provider_status PROCESSING, and ABNORMAL/CLOSED is kept for ops.
alter table refunds add column provider_status text;
