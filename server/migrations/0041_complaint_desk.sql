-- The complaints and feedback queue (issue 36): each complaint's handling state, the staff
-- account it is assigned to, and the reply the customer reads in the storefront.
alter table complaints add column status text not null default 'new'
  check (status in ('new', 'in_progress', 'resolved'));
alter table complaints add column assignee_id integer references staff (id);
alter table complaints add column reply text;
alter table complaints add column replied_by integer references staff (id);
alter table complaints add column replied_at timestamptz;
alter table complaints add column updated_at timestamptz not null default now();
create index complaints_desk on complaints (platform, status, id desc);
