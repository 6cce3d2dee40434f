-- Each brand is its own company, and consent is given per brand (0008_privacy.sql): a brand uses a
-- person's identity, face check and credit score only once the person verified with that brand,
-- under that brand's own consents. `identities` stays one row per person (one ID number per
-- person); what each brand verified is its own row, its credit score its own query.

create table identity_verifications (
  user_id integer not null references users (id) on delete cascade,
  platform smallint not null check (platform between 1 and 9),
  -- how this brand received the identity: 'ocr' (a recognised ID card photo) or 'manual' (typed)
  source text not null check (source in ('ocr', 'manual')),
  created_at timestamptz not null default now(),
  primary key (user_id, platform)
);

-- Identities verified before: on the brand of the person's latest session opened before the
-- identity was submitted (the submit came from one), else the brand they first agreed to the
-- processing of identity data on, else brand 1.
insert into identity_verifications (user_id, platform, source, created_at)
select
  i.user_id,
  coalesce(
    (
      select s.platform from sessions s
      where s.user_id = i.user_id and s.created_at <= i.created_at
      order by s.created_at desc, s.id desc
      limit 1
    ),
    (
      select c.platform from consents c
      where c.user_id = i.user_id and c.kind = 'identity_and_face'
      order by c.granted_at, c.id
      limit 1
    ),
    1
  ),
  i.source,
  i.created_at
from identities i;

alter table face_sessions add column platform smallint check (platform between 1 and 9);
update face_sessions f
set platform = coalesce(
  (select v.platform from identity_verifications v where v.user_id = f.user_id),
  1
);
alter table face_sessions alter column platform set not null;
drop index face_sessions_user;
create index face_sessions_user on face_sessions (user_id, platform, id desc);

alter table credit_scores add column platform smallint check (platform between 1 and 9);
update credit_scores cs
set platform = coalesce(
  (select v.platform from identity_verifications v where v.user_id = cs.user_id),
  1
);
alter table credit_scores alter column platform set not null;
alter table credit_scores drop constraint credit_scores_pkey;
alter table credit_scores add primary key (user_id, platform);
