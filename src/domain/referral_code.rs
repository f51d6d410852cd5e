//! `ReferralCode`: base64 of `campaign_id:social_type:participant_id[:invited_id]`. Decoding
//! accepts the standard and URL-safe alphabets with or without padding; encoding writes the
//! URL-safe alphabet without padding, so a code can stand in a URL path or query unescaped.
//! Every part of a decoded code is hostile input: ids are checked against the store by the
//! caller, and the social type is a short lowercase token.

use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
use base64::Engine;

use super::ValidationError;

/// Longest encoded code accepted; a real one is under 80 characters.
pub const MAX_CODE_LEN: usize = 200;
/// Social type of the plain referral link. Share buttons use `email`, `twitter`, `facebook`,
/// `linkedin`, `whatsapp`, `telegram`, `copy`; any token of 1–32 of a-z, 0-9, `_` is accepted.
pub const LINK: &str = "link";

/// A decoded referral code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferralCode {
    pub campaign_id: u64,
    pub social_type: String,
    pub participant_id: u64,
    pub invited_id: Option<u64>,
}

impl ReferralCode {
    /// The link code of a participant.
    pub fn link(campaign_id: u64, participant_id: u64) -> Self {
        Self { campaign_id, social_type: LINK.into(), participant_id, invited_id: None }
    }

    pub fn encode(&self) -> String {
        let text = match self.invited_id {
            Some(invited) => format!("{}:{}:{}:{invited}", self.campaign_id, self.social_type, self.participant_id),
            None => format!("{}:{}:{}", self.campaign_id, self.social_type, self.participant_id),
        };
        URL_SAFE_NO_PAD.encode(text)
    }

    /// Decodes and checks the shape; says nothing about whether the ids exist.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let invalid = || ValidationError::new("referral_code", "referral_code is not a valid referral code");
        let raw = raw.trim();
        if raw.is_empty() || raw.len() > MAX_CODE_LEN {
            return Err(invalid());
        }
        let bytes = [&URL_SAFE_NO_PAD, &URL_SAFE, &STANDARD_NO_PAD, &STANDARD]
            .iter()
            .find_map(|engine| engine.decode(raw).ok())
            .ok_or_else(invalid)?;
        let text = String::from_utf8(bytes).map_err(|_| invalid())?;
        let parts: Vec<&str> = text.split(':').collect();
        if !(3..=4).contains(&parts.len()) {
            return Err(invalid());
        }
        let id = |s: &str| -> Result<u64, ValidationError> {
            // Digits only: no sign, no spaces, no leading '+' that u64::from_str would take.
            if s.is_empty() || s.len() > 20 || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(invalid());
            }
            s.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(invalid)
        };
        let social_type = parts[1];
        let social_ok = (1..=32).contains(&social_type.len())
            && social_type.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if !social_ok {
            return Err(invalid());
        }
        Ok(Self {
            campaign_id: id(parts[0])?,
            social_type: social_type.to_owned(),
            participant_id: id(parts[2])?,
            invited_id: parts.get(3).map(|s| id(s)).transpose()?,
        })
    }
}

/// A referral link: `{site_url}/r/{code}`.
pub fn referral_link(site: &str, code: &str) -> String {
    format!("{site}/r/{code}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_every_alphabet_with_or_without_padding() {
        let text = "12:twitter:345:6";
        for encoded in
            [STANDARD.encode(text), STANDARD_NO_PAD.encode(text), URL_SAFE.encode(text), URL_SAFE_NO_PAD.encode(text)]
        {
            let code = ReferralCode::parse(&encoded).unwrap();
            assert_eq!(
                code,
                ReferralCode {
                    campaign_id: 12,
                    social_type: "twitter".into(),
                    participant_id: 345,
                    invited_id: Some(6)
                }
            );
        }
        let link = ReferralCode::link(7, 8);
        assert_eq!(ReferralCode::parse(&link.encode()).unwrap(), link);
        assert!(!link.encode().contains(['+', '/', '=']));
    }

    #[test]
    fn refuses_malformed_codes() {
        let bad_texts = [
            "",
            "1:link",
            "1:link:2:3:4",
            "a:link:2",
            "1:link:b",
            "1:LINK:2",
            "1::2",
            "1:link:0",
            "0:link:2",
            "-1:link:2",
            "+1:link:2",
            " 1:link:2",
            "1:li nk:2",
            "1:link:99999999999999999999999",
            "1:link:2:x",
        ];
        for text in bad_texts {
            assert!(ReferralCode::parse(&STANDARD.encode(text)).is_err(), "{text:?}");
        }
        for raw in ["not base64!", "%%%", &"A".repeat(MAX_CODE_LEN + 1)] {
            assert!(ReferralCode::parse(raw).is_err(), "{raw:?}");
        }
        assert!(ReferralCode::parse(&STANDARD.encode([0xff, 0xfe, b':'])).is_err());
        let long_social = format!("1:{}:2", "a".repeat(33));
        assert!(ReferralCode::parse(&STANDARD.encode(long_social)).is_err());
    }
}
