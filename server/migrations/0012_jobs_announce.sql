-- A job due at once is announced by its own insert: the trigger function below sends its queue's
-- name on the rental_jobs channel, which PostgreSQL delivers when the enqueuing transaction
-- commits, exactly as the separate `select pg_notify(…)` after each insert did, one round trip
-- less per job (issue 22). pg-boss creates its job table after the migrations, so the job runner
-- (server/src/jobs/queue.ts, start) puts the trigger on it.
create or replace function rental_jobs_announce() returns trigger
language plpgsql as $$
begin
  if new.start_after <= now() then
    perform pg_notify('rental_jobs', new.name);
  end if;
  return null;
end
$$;
