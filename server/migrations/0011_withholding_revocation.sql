-- The bank is told when a user cancels automatic deduction (解除代扣). Cancelling stops our
-- deductions at once (cancelled_at, migration 0008); the bank's own agreement is revoked by an
-- outbox job that retries until the bank confirms. bank_revoked_at is that confirmation;
-- revoke_attempts and revoke_error show ops a bank that keeps refusing.
alter table withholding_agreements add column bank_revoked_at timestamptz;
alter table withholding_agreements add column revoke_attempts integer not null default 0;
alter table withholding_agreements add column revoke_error text;
