-- Lookups within a campaign that read the whole campaign (found with auto_explain under the
-- bench's load, see README "PostgreSQL, measured").
--
-- A campaign belongs to one brand, so `brand_id` follows from `campaign_id`. Without being
-- told, the planner multiplies the two columns' selectivities, believes that
-- `brand_id = $1 AND campaign_id = $2` finds one or two rows, and then finds any index that
-- starts with those two columns as good as the one that matches the whole lookup: the generic
-- plan of a signup's email lookup read every participant of the campaign through the domain
-- key and filtered them by email, three times per signup, a cost that grew with the campaign.
-- Dependency statistics (kept by ANALYZE and autovacuum) tell it.
CREATE STATISTICS participants_brand_of_campaign (dependencies) ON brand_id, campaign_id FROM participants;
CREATE STATISTICS coupons_brand_of_campaign (dependencies) ON brand_id, campaign_id FROM coupons;
CREATE STATISTICS invites_brand_of_campaign (dependencies) ON brand_id, campaign_id FROM invites;
CREATE STATISTICS conversions_brand_of_campaign (dependencies) ON brand_id, campaign_id FROM conversions;
CREATE STATISTICS standings_brand_of_campaign (dependencies) ON brand_id, campaign_id FROM standings;

-- The domain key holds only the participants that have a domain (the tracker's sign-ups by
-- domain); as a partial index it can serve no lookup but one by domain. Unique as before:
-- NULLs never conflicted.
ALTER TABLE participants DROP CONSTRAINT participants_brand_id_campaign_id_domain_key;
CREATE UNIQUE INDEX participants_domain_in_campaign ON participants (brand_id, campaign_id, domain)
    WHERE domain IS NOT NULL;
