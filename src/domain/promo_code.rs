//! Promo codes: a partner's readable code (`SAM20`) that attributes a sale to them with no
//! click and no cookie: a code typed at checkout, heard on a podcast, or used as a readable
//! link (`?ref=SAM20`).
//!
//! A code is unique in its brand, compared without case (`sam20` is `SAM20`), and once given it
//! is never given again: a disabled code, or one of a blocked or erased participant, stays
//! reserved, so nobody else can claim what a partner spread around. What a code did is kept on
//! it: each sale that carried it (`uses`), those credited to its owner through it
//! (`conversions`), and their amounts per currency (`revenue`), each counted once with the
//! conversion that carried it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ValidationError;

/// Shortest code.
pub const MIN_CODE_CHARS: usize = 3;
/// Longest code.
pub const MAX_CODE_CHARS: usize = 32;
/// Most codes one participant may have (enabled or not).
pub const MAX_CODES_PER_PARTICIPANT: usize = 20;
/// Longest Stripe promotion code id kept (`promo_…`; Stripe's are far shorter).
pub const MAX_STRIPE_ID_BYTES: usize = 100;

/// A participant's promo code, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromoCode {
    /// As its owner asked for it (`Sam20`); compared as [`canonical`].
    pub code: String,
    pub brand_id: u64,
    pub campaign_id: u64,
    pub participant_id: u64,
    /// The Stripe promotion code (`promo_…`) that is this code at checkout: a Stripe sale
    /// whose discount names it carries this code.
    pub stripe_promotion_code: Option<String>,
    pub created_at: String,
    /// Since when it attributes nothing (RFC 3339); it stays reserved.
    pub disabled_at: Option<String>,
    /// Sales that carried it, whoever they were credited to.
    pub uses: u64,
    /// Sales credited to its owner through it.
    pub conversions: u64,
    /// The amounts of those sales, in hundredths, by ISO 4217 currency.
    pub revenue: BTreeMap<String, u64>,
}

impl PromoCode {
    /// Its key in the brand: [`canonical`].
    pub fn key(&self) -> String {
        canonical(&self.code)
    }
}

/// A code as compared: upper case (codes are ASCII).
pub fn canonical(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

/// A code as given: 3 to 32 letters, digits, `-` or `_`, trimmed.
pub fn parse_code(raw: &str) -> Result<String, ValidationError> {
    let code = raw.trim();
    let chars = code.chars().count();
    let allowed = code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !(MIN_CODE_CHARS..=MAX_CODE_CHARS).contains(&chars) || !allowed {
        return Err(ValidationError::new(
            "code",
            format!("code must be {MIN_CODE_CHARS} to {MAX_CODE_CHARS} letters, digits, '-' or '_', such as SAM20"),
        ));
    }
    Ok(code.to_owned())
}

/// A Stripe promotion code's id: `promo_` and letters or digits.
pub fn parse_stripe_promotion_code(raw: &str) -> Result<String, ValidationError> {
    let id = raw.trim();
    let well_formed = id.len() > "promo_".len()
        && id.len() <= MAX_STRIPE_ID_BYTES
        && id.starts_with("promo_")
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !well_formed {
        return Err(ValidationError::new(
            "stripe_promotion_code",
            "stripe_promotion_code must be a Stripe promotion code's id, such as promo_1Q2w3E",
        ));
    }
    Ok(id.to_owned())
}

/// A campaign's promo code settings (schema 14 of the campaign row).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromoCodeSettings {
    /// A participant may ask for a code of their own in their portal (the same checks as
    /// the owner's: unique in the brand, never given twice).
    pub self_serve: bool,
}

/// `promo_codes` fields a member may change.
#[derive(Debug, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(expecting = "a JSON object of promo code settings")]
pub struct PromoCodesInput {
    /// Participants may ask for a promo code of their own in their portal (default false).
    #[schema(value_type = Option<bool>)]
    pub self_serve: Option<serde_json::Value>,
}

impl PromoCodeSettings {
    pub fn apply(&mut self, input: &PromoCodesInput) -> Result<(), ValidationError> {
        if let Some(v) = &input.self_serve {
            self.self_serve = v.as_bool().ok_or_else(|| {
                ValidationError::new("promo_codes.self_serve", "promo_codes.self_serve must be true or false")
            })?;
        }
        Ok(())
    }
}

/// What a sale's promo code did, as the conversion's answer and event say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CodeOutcome {
    /// The sale is credited to the code's owner through it.
    Credited,
    /// The customer was bound to a partner already and stays theirs; the use is counted.
    AlreadyBound,
    /// The code's owner bought with their own code: counted as a use, credited to nobody.
    SelfReferral,
    /// The code is disabled, or its owner blocked or erased: it credits nobody.
    Disabled,
}

impl CodeOutcome {
    pub fn name(self) -> &'static str {
        match self {
            Self::Credited => "credited",
            Self::AlreadyBound => "already_bound",
            Self::SelfReferral => "self_referral",
            Self::Disabled => "promo_code_disabled",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_three_to_thirty_two_plain_characters_compared_without_case() {
        assert_eq!(parse_code(" Sam20 ").unwrap(), "Sam20");
        assert_eq!(canonical("sam-20_x"), "SAM-20_X");
        assert_eq!(canonical("Sam20"), canonical("SAM20"));
        for bad in ["", "ab", "a b c", "SAM20!", "Ünï", &"A".repeat(33), "sam/20", "<b>x</b>"] {
            assert_eq!(parse_code(bad).unwrap_err().field, "code", "{bad:?}");
        }
        assert!(parse_code(&"A".repeat(32)).is_ok());
        assert_eq!(parse_stripe_promotion_code("promo_1Q2w3E").unwrap(), "promo_1Q2w3E");
        for bad in ["promo_", "coupon_1", "promo_a-b", "promo_ x"] {
            assert!(parse_stripe_promotion_code(bad).is_err(), "{bad}");
        }
    }
}
