//! Unsubscribe links: `{site_url}/unsubscribe/{token}`, where the token names a campaign and a
//! participant and carries an HMAC-SHA256 of both under a key derived from the server secret.
//! Anyone holding the link can unsubscribe that participant from that campaign, and nobody
//! can make a link for anyone else. The token never expires: an email read a year later
//! still unsubscribes.
//!
//! The member's daily digest has its own kind of token, `{campaign}-digest-{mac}`, signed
//! under a different label: it turns the campaign's digest off, and no participant's token
//! can be turned into one.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Makes and checks unsubscribe tokens.
pub struct UnsubscribeLinks {
    key: [u8; 32],
}

/// Whom a valid token unsubscribes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsubscriber {
    pub campaign_id: u64,
    /// The participant; none for the member's daily digest of the campaign.
    pub participant_id: Option<u64>,
}

/// The word in a digest token where a participant token has the participant's number.
const DIGEST: &str = "digest";

impl UnsubscribeLinks {
    pub fn new(key: &[u8; 32]) -> Self {
        Self { key: *key }
    }

    fn mac(&self, campaign_id: u64, participant_id: Option<u64>) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        match participant_id {
            Some(participant_id) => {
                mac.update(b"unsubscribe\0");
                mac.update(&campaign_id.to_be_bytes());
                mac.update(&participant_id.to_be_bytes());
            }
            None => {
                mac.update(b"digest\0");
                mac.update(&campaign_id.to_be_bytes());
            }
        }
        mac
    }

    /// The token of (campaign, participant): `{campaign}-{participant}-{mac}`.
    pub fn token(&self, campaign_id: u64, participant_id: u64) -> String {
        let tag = self.mac(campaign_id, Some(participant_id)).finalize().into_bytes();
        format!("{campaign_id}-{participant_id}-{}", URL_SAFE_NO_PAD.encode(tag))
    }

    /// The token that turns off campaign `campaign_id`'s daily digest:
    /// `{campaign}-digest-{mac}`.
    pub fn digest_token(&self, campaign_id: u64) -> String {
        let tag = self.mac(campaign_id, None).finalize().into_bytes();
        format!("{campaign_id}-{DIGEST}-{}", URL_SAFE_NO_PAD.encode(tag))
    }

    /// Whom `token` unsubscribes, when it is one of ours (compared in constant time).
    pub fn verify(&self, token: &str) -> Option<Unsubscriber> {
        if token.len() > 128 {
            return None;
        }
        let mut parts = token.splitn(3, '-');
        let (campaign, participant, tag) = (parts.next()?, parts.next()?, parts.next()?);
        let number = |s: &str| s.bytes().all(|b| b.is_ascii_digit()).then(|| s.parse::<u64>().ok()).flatten();
        let campaign_id = number(campaign)?;
        let participant_id = if participant == DIGEST { None } else { Some(number(participant)?) };
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.mac(campaign_id, participant_id).verify_slice(&tag).ok()?;
        Some(Unsubscriber { campaign_id, participant_id })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_participant_and_nobody_else() {
        let links = UnsubscribeLinks::new(&[7; 32]);
        let token = links.token(3, 42);
        assert_eq!(links.verify(&token), Some(Unsubscriber { campaign_id: 3, participant_id: Some(42) }));
        let forged = token.replacen("3-42", "3-43", 1);
        assert_eq!(links.verify(&forged), None);
        assert_eq!(UnsubscribeLinks::new(&[8; 32]).verify(&token), None, "another server's key");
        for bad in ["", "3-42", "3-42-", "x-42-abc", "+3-42-abc", &"9".repeat(200)] {
            assert_eq!(links.verify(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_digest_token_names_the_campaign_only_and_is_no_participant_token() {
        let links = UnsubscribeLinks::new(&[7; 32]);
        let token = links.digest_token(3);
        assert!(token.starts_with("3-digest-"), "{token}");
        assert_eq!(links.verify(&token), Some(Unsubscriber { campaign_id: 3, participant_id: None }));
        assert_eq!(links.verify(&token.replacen("3-", "4-", 1)), None, "another campaign");
        // A participant's signature does not sign the digest of its campaign, and back.
        let participant = links.token(3, 42);
        let tag = participant.rsplit('-').next().unwrap();
        assert_eq!(links.verify(&format!("3-digest-{tag}")), None);
        let digest_tag = token.rsplit('-').next().unwrap();
        assert_eq!(links.verify(&format!("3-0-{digest_tag}")), None);
    }
}
