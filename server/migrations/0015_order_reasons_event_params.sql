-- Why the user cancelled or returned (issue 33): the value of the `cancel_reason` or
-- `return_reason` dictionary entry they chose, checked against the dictionary when it was sent.
-- The order keeps the latest of each for ops; the event that carried one keeps its own.
alter table orders add column cancel_reason text;
alter table orders add column return_reason text;

-- What an event's line shows the customer, as data in their language rather than Chinese text:
-- amounts (fen), dates, the reason chosen. `note` stays the ops' record and may name provider
-- ids, which a customer never sees.
alter table order_events add column params jsonb not null default '{}';
