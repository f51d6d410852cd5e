//! Reward claims: what lets a widget read the reward it was shown at signup again later, when
//! the reward was held or waiting for a coupon and its code comes afterwards. A claim names
//! the participant and the reward and carries an HMAC-SHA256 of both under a key derived from
//! the server secret; only the signup's answer hands one out, so a referral code (public by
//! design: people share their links) never reads anyone's coupon.
//!
//! `{participant}-{reward}-{mac}`, the MAC in URL-safe base64. Claims do not expire: the
//! widget keeps one in the visitor's browser for as long as it keeps the link.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Makes and checks reward claims.
pub struct RewardClaims {
    key: [u8; 32],
}

/// The reward a valid claim names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claimed {
    pub participant_id: u64,
    pub reward_id: u64,
}

impl RewardClaims {
    pub fn new(key: &[u8; 32]) -> Self {
        Self { key: *key }
    }

    fn mac(&self, claimed: Claimed) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(b"widget-reward\0");
        mac.update(&claimed.participant_id.to_be_bytes());
        mac.update(&claimed.reward_id.to_be_bytes());
        mac
    }

    /// The claim of `participant_id`'s reward `reward_id`.
    pub fn token(&self, participant_id: u64, reward_id: u64) -> String {
        let claimed = Claimed { participant_id, reward_id };
        let tag = self.mac(claimed).finalize().into_bytes();
        format!("{participant_id}-{reward_id}-{}", URL_SAFE_NO_PAD.encode(tag))
    }

    /// The reward `token` names, when it is one of ours (compared in constant time).
    pub fn verify(&self, token: &str) -> Option<Claimed> {
        if token.len() > 128 {
            return None;
        }
        let mut parts = token.splitn(3, '-');
        let (participant, reward, tag) = (parts.next()?, parts.next()?, parts.next()?);
        let number = |s: &str| s.bytes().all(|b| b.is_ascii_digit()).then(|| s.parse::<u64>().ok()).flatten();
        let claimed = Claimed { participant_id: number(participant)?, reward_id: number(reward)? };
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.mac(claimed).verify_slice(&tag).ok()?;
        Some(claimed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_names_its_reward_and_nothing_else() {
        let claims = RewardClaims::new(&[7; 32]);
        let token = claims.token(12, 345);
        assert_eq!(claims.verify(&token), Some(Claimed { participant_id: 12, reward_id: 345 }));
        let tag = token.rsplit('-').next().unwrap();
        for forged in [
            format!("12-346-{tag}"),
            format!("13-345-{tag}"),
            format!("12-345-{}", &tag[1..]),
            "12-345".to_owned(),
            "+12-345-x".to_owned(),
            format!("12-345-{tag}{}", "A".repeat(100)),
        ] {
            assert_eq!(claims.verify(&forged), None, "{forged}");
        }
        assert_eq!(RewardClaims::new(&[8; 32]).verify(&token), None, "another server secret");
    }
}
