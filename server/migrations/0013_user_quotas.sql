-- The daily quotas count one user's complaints and uploads of the last 24 hours
-- (server/src/service-desk/quota.ts) on every hand-in.
create index complaints_user_created on complaints (user_id, created_at);
create index uploads_user_created on uploads (user_id, created_at);
