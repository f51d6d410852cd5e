//! What a signup's own commit suspects of it: the client it came from is remembered (as a
//! keyed print), counted against the velocity limits, and compared with the referrer's; a
//! referral's suspicions are kept with the referred participant, so that every reward the
//! referral earns, now or at a later conversion, is held for them.

use super::{BrandReads, Decision, Moment, Write};
use crate::domain::client_print::{ClientPrint, RateKey, StoredPrint};
use crate::domain::fraud::{self, ReferralSignals};
use crate::domain::reward::HoldReason;
use crate::domain::{Campaign, Participant};

impl<R: BrandReads + ?Sized> Decision<'_, R> {
    /// Records the signup of `participant` (referred by `referrer`, from `client` when the
    /// client is known) for the rules that compare clients and count rates, and returns what
    /// the referral is suspected of (nothing for a signup without a referrer).
    pub(super) fn judge_signup(
        &mut self,
        campaign: &Campaign,
        participant: &Participant,
        referrer: Option<&Participant>,
        client: Option<&ClientPrint>,
        moment: &Moment,
    ) -> Result<Vec<HoldReason>, R::Error> {
        let now = moment.unix_ms;
        let mut signals = ReferralSignals::default();
        if let Some(client) = client {
            let stored = StoredPrint { print: *client, at_ms: now };
            self.writes.push(Write::SignupPrint {
                campaign_id: campaign.id,
                participant_id: participant.id,
                print: stored,
            });
            let limit = campaign.fraud.max_signups_per_address_per_hour;
            signals.address_beyond_rate = self.count_rate(campaign.id, RateKey::Address(client.address), limit, now)?;
        }
        let Some(referrer) = referrer else { return Ok(Vec::new()) };
        let limit = campaign.fraud.max_referrals_per_hour;
        signals.referrer_beyond_rate = self.count_rate(campaign.id, RateKey::Referrer(referrer.id), limit, now)?;
        if let Some(client) = client {
            let theirs = self.reads.signup_print(referrer.id)?;
            signals.same_client = fraud::same_client(&campaign.fraud, theirs.as_ref(), client, now);
        }
        let holds = fraud::judge_referral(signals);
        if !holds.is_empty() {
            self.writes.push(Write::ReferralHolds {
                campaign_id: campaign.id,
                participant_id: participant.id,
                holds: holds.clone(),
            });
        }
        Ok(holds)
    }

    /// Counts one more under `key` at `now`; whether it goes beyond `limit` an hour. Without a
    /// limit (0) nothing is counted: a limit turned on later counts from then on.
    fn count_rate(&mut self, campaign_id: u64, key: RateKey, limit: u32, now: i64) -> Result<bool, R::Error> {
        if limit == 0 {
            return Ok(false);
        }
        let earlier = self.reads.recent(campaign_id, &key)?;
        let beyond = fraud::beyond_rate(&earlier, now, limit);
        self.writes.push(Write::Rate { campaign_id, key, times: fraud::rate_after(earlier, now, limit) });
        Ok(beyond)
    }
}
