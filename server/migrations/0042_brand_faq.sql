-- Merchant console part 2 (issue 37, leftovers): common problems (FAQ) per brand. A question
-- names the brand it belongs to; null: every brand's (the seed's). A brand with questions of its
-- own shows only those; a brand with none shows the shared ones. Question types stay shared.
alter table service_question add column platform smallint;
create index service_question_platform on service_question (platform, type_id, sort);
