-- A coupon import's check of which codes a pool holds, found by code whatever the statistics
-- say (found with a million-code import on a new table, see README "PostgreSQL, measured").
--
-- Until the table's statistics catch up with an import (a new campaign's pool, or a table
-- never analysed), PostgreSQL estimates a campaign's coupons at one row, and every index that
-- starts with (brand_id, campaign_id) looks as cheap as the one that goes on to the code. It
-- took the reward's: each check then read the campaign's whole pool, and an import slowed
-- with every code it added (200,000 codes: 62 s). The reward's uniqueness only ever concerns
-- assigned coupons, so its index holds only those: a check by code cannot use it, and the
-- unique code index is the one that answers. (A NULL reward never conflicted: the rule is
-- the same.)
ALTER TABLE coupons DROP CONSTRAINT coupons_brand_id_campaign_id_reward_id_key;
CREATE UNIQUE INDEX coupons_of_reward ON coupons (brand_id, campaign_id, reward_id) WHERE reward_id IS NOT NULL;
