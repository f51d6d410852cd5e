//! Promo codes as the API shows them (`domain::promo_code`).

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::money;
use crate::domain::promo_code::PromoCode;

/// A participant's promo code and what it did.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PromoCode)]
pub struct PromoCodeView {
    pub code: String,
    pub participant_id: u64,
    pub campaign_id: u64,
    /// `active`, or `disabled` (it attributes nothing, and stays reserved).
    pub status: &'static str,
    /// The Stripe promotion code that is this code at checkout.
    pub stripe_promotion_code: Option<String>,
    /// The code as a readable link: the brand's site with `?ref=<code>`.
    pub link: Option<String>,
    pub created_at: String,
    pub disabled_at: Option<String>,
    /// Sales that carried it, whoever they were credited to.
    pub uses: u64,
    /// Sales credited to its owner through it.
    pub conversions: u64,
    /// Their amounts by ISO 4217 currency (`{"USD": "58.00"}`).
    #[schema(value_type = Object, example = json!({"USD": "58.00"}))]
    pub revenue: BTreeMap<String, String>,
}

/// A participant's promo codes.
#[derive(Debug, Serialize, ToSchema)]
pub struct PromoCodeList {
    pub promo_codes: Vec<PromoCodeView>,
}

/// `code` as the API shows it; `brand_url` is its brand's site.
pub fn promo_code(code: &PromoCode, brand_url: Option<&str>) -> PromoCodeView {
    let link = brand_url.and_then(|url| url::Url::parse(url).ok()).map(|mut url| {
        url.query_pairs_mut().append_pair("ref", &code.code);
        url.to_string()
    });
    PromoCodeView {
        code: code.code.clone(),
        participant_id: code.participant_id,
        campaign_id: code.campaign_id,
        status: if code.disabled_at.is_some() { "disabled" } else { "active" },
        stripe_promotion_code: code.stripe_promotion_code.clone(),
        link,
        created_at: code.created_at.clone(),
        disabled_at: code.disabled_at.clone(),
        uses: code.uses,
        conversions: code.conversions,
        revenue: code.revenue.iter().map(|(currency, cents)| (currency.clone(), money::amount(*cents))).collect(),
    }
}
