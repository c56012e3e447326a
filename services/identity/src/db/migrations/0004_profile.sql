-- The portal's Profile tab (spec 002, "User/profile"): whether the patient wants updates by text
-- (the chat texts only those who do) and the categories they prefer (MIND, BODY, WEIGHT, SEX,
-- LONGEVITY, SKIN, HAIR; checked by the service).
alter table identity.users add column text_updates boolean not null default false;
alter table identity.users add column preferred_categories text[] not null default '{}';
