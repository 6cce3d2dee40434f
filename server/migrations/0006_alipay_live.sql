-- Alipay live: what the user's Zhima credit waived of a deposit authorisation, and what was
-- really frozen (the freeze notification's credit_amount / fund_amount, fen). Null where the
-- provider says nothing of credit (the sandbox, a freeze without the credit service).
alter table deposit_authorisations add column credit_amount integer check (credit_amount >= 0);
alter table deposit_authorisations add column fund_amount integer check (fund_amount >= 0);
