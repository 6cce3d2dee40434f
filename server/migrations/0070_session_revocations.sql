-- A session row that changes (revoked by a logout, replaced by a new login, ended by an account
-- cancellation, or edited by hand) is announced on the rental_sessions channel with its token
-- hash, which PostgreSQL delivers when the changing transaction commits: every API process's
-- session cache (server/src/plugins/session-cache.ts) forgets the row at once (issue 35).
create or replace function rental_sessions_announce() returns trigger
language plpgsql as $$
begin
  perform pg_notify('rental_sessions', old.token_hash);
  return null;
end
$$;

create trigger rental_sessions_announce after update or delete on sessions
for each row execute function rental_sessions_announce();
