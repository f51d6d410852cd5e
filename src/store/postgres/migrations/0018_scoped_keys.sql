-- Scoped API keys: a member holds their main key and up to 25 scoped keys, each indexed here
-- by its digest (the member row lists them), so a member's id appears once per key.
ALTER TABLE api_keys DROP CONSTRAINT api_keys_member_id_key;
