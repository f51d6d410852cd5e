//! The posted campaign form turned into the API's campaign body ([`CampaignInput`]), which
//! goes to the same validation as `POST`/`PUT /campaigns`.
//!
//! The form's groups (tiers, contest and leaderboard, waitlist, fraud, emails) each carry a
//! hidden `section` field. A group's fields count only when the page showed the group, so an
//! unticked box means off there, and a post without the group leaves its settings alone.
//! Within a group, a field the form did not send is left as it was.

use serde_json::{json, Map, Value};

use super::form::FormData;
use super::page::PageError;
use crate::domain::campaign_emails::EmailKind;
use crate::domain::tiers::MAX_TIERS;
use crate::domain::CampaignInput;
use crate::http::error::ApiError;

/// A whole number where the form has one; anything else as the text it is, so the API's
/// validation names the field.
fn number(text: &str) -> Value {
    let text = text.trim();
    text.parse::<u64>().map(Value::from).unwrap_or_else(|_| Value::String(text.to_owned()))
}

/// A number where given, `null` for an empty field (a limit turned off).
fn number_or_null(text: &str) -> Value {
    if text.trim().is_empty() {
        Value::Null
    } else {
        number(text)
    }
}

/// A text field's value as a browser posts it, with its line breaks as `\n` (a textarea
/// sends `\r\n`, and the API refuses control characters other than `\n`).
pub(super) fn lines(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// A `datetime-local` value (UTC, to the minute) as the API's RFC 3339 time.
fn utc_time(text: &str) -> Value {
    let text = text.trim();
    match text.len() {
        16 => format!("{text}:00Z").into(),
        19 => format!("{text}Z").into(),
        _ => text.into(),
    }
}

/// The tiers posted: the rows with a count, in order; `null` (none) when no row has one.
fn tiers_of(form: &FormData) -> Value {
    let mut tiers = Vec::new();
    for i in 0..MAX_TIERS {
        let referrals = form.text(&format!("tier_referrals_{i}")).trim();
        if referrals.is_empty() {
            continue;
        }
        let value = form.text(&format!("tier_reward_value_{i}")).trim();
        tiers.push(json!({
            "referrals": number(referrals),
            "reward_type": number(form.text(&format!("tier_reward_type_{i}"))),
            "reward_value": if value.is_empty() { Value::Null } else { value.into() },
        }));
    }
    if tiers.is_empty() {
        Value::Null
    } else {
        Value::Array(tiers)
    }
}

/// A group's object as posted: its checkboxes (unticked is off), and each other field the form
/// sent, converted, when the conversion gives a value (an empty time leaves the time as it was).
struct Posted<'f> {
    form: &'f FormData,
    fields: Map<String, Value>,
}

impl<'f> Posted<'f> {
    fn of(form: &'f FormData) -> Self {
        Self { form, fields: Map::new() }
    }

    fn tick(mut self, key: &str, name: &str) -> Self {
        self.fields.insert(key.into(), self.form.checked(name).into());
        self
    }

    fn field(mut self, key: &str, name: &str, convert: impl Fn(&str) -> Option<Value>) -> Self {
        if let Some(value) = self.form.get(name).and_then(convert) {
            self.fields.insert(key.into(), value);
        }
        self
    }

    fn done(self) -> Value {
        Value::Object(self.fields)
    }
}

fn given(text: &str) -> Option<Value> {
    Some(text.into())
}

fn given_number(text: &str) -> Option<Value> {
    Some(number(text))
}

fn unless_empty(convert: fn(&str) -> Value) -> impl Fn(&str) -> Option<Value> {
    move |text| (!text.trim().is_empty()).then(|| convert(text))
}

fn emails_of(form: &FormData) -> Value {
    let mut emails = Map::new();
    for kind in EmailKind::ALL {
        let name = kind.name();
        let template = Posted::of(form)
            .tick("enabled", &format!("email_{name}_enabled"))
            .field("subject", &format!("email_{name}_subject"), given)
            .field("text", &format!("email_{name}_text"), |t| Some(lines(t).into()));
        emails.insert(name.into(), template.done());
    }
    Value::Object(emails)
}

/// The API's `fraud` body from the form's fraud fields (the campaign form's group, or the
/// fraud page's form).
pub fn fraud_of(form: &FormData) -> Value {
    Posted::of(form)
        .tick("canonical_emails", "fraud_canonical_emails")
        .field("disposable_emails", "fraud_disposable_emails", given)
        .field("same_address", "fraud_same_address", given)
        .field("max_referrals_per_hour", "fraud_max_referrals_per_hour", |t| Some(number_or_null(t)))
        .field("max_signups_per_address_per_hour", "fraud_max_signups_per_address_per_hour", |t| {
            Some(number_or_null(t))
        })
        .done()
}

/// The API's campaign body from the posted form.
pub fn input_of(form: &FormData, brand_id: u64) -> Result<CampaignInput, PageError> {
    let reward_value = form.text("reward_value").trim();
    let mut body = json!({
        "url_id": brand_id,
        "name": form.text("name"),
        "publish": form.text("publish"),
        "reward_type": number(form.text("reward_type")),
        "reward_value": if reward_value.is_empty() { Value::Null } else { reward_value.into() },
        "goal_type": form.text("goal_type"),
        "num_signups": number(form.text("num_signups")),
        "reward_invited": form.checked("reward_invited"),
        "hold_days": number(form.text("hold_days")),
        // A form without the field (an older page) leaves the language as it was.
        "language": unless_empty(|t| t.into())(form.text("language")),
        "widget": {
            "mode": form.text("widget_mode"),
            "primary_color": form.text("widget_primary_color"),
            "headline": form.text("widget_headline"),
            "button_text": form.text("widget_button_text"),
        },
    });
    // A group's fields count only when the form showed the group: an unticked box means off
    // there, and nothing where the group was not on the page.
    let sections = form.all("section");
    let mut group = |section: &str, fields: &[(&str, Value)]| {
        if sections.contains(&section) {
            for (field, value) in fields {
                body[field] = value.clone();
            }
        }
    };
    group("tiers", &[("tiers", tiers_of(form))]);
    let contest = Posted::of(form)
        .tick("enabled", "contest_enabled")
        .field("starts_at", "contest_starts_at", unless_empty(utc_time))
        .field("ends_at", "contest_ends_at", unless_empty(utc_time))
        .field("prize", "contest_prize", unless_empty(|t| lines(t).into()))
        .field("winners", "contest_winners", given_number);
    let leaderboard = Posted::of(form).tick("public", "leaderboard_public");
    group("contest", &[("contest", contest.done()), ("leaderboard", leaderboard.done())]);
    let waitlist = Posted::of(form).tick("enabled", "waitlist_enabled").field(
        "places_per_referral",
        "waitlist_places_per_referral",
        given_number,
    );
    group("waitlist", &[("waitlist", waitlist.done())]);
    let attribution = Posted::of(form).field("window_days", "attribution_window_days", given_number).field(
        "model",
        "attribution_model",
        given,
    );
    let promo_codes = Posted::of(form).tick("self_serve", "promo_codes_self_serve");
    group("attribution", &[("attribution", attribution.done()), ("promo_codes", promo_codes.done())]);
    group("fraud", &[("fraud", fraud_of(form))]);
    group("emails", &[("emails", emails_of(form))]);
    group("texts", &[("texts", super::campaign_texts::texts_of(form))]);
    group(
        "commission",
        &[
            ("commission", super::commission_form::commission_of(form)),
            ("payouts", super::commission_form::payouts_of(form)),
        ],
    );
    serde_json::from_value(body)
        .map_err(|e| PageError::Api(ApiError::Internal(format!("the campaign form made a body the API refuses: {e}"))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_becomes_the_apis_body() {
        let form = FormData::parse(
            b"section=tiers&section=contest&section=waitlist&section=fraud&section=emails\
              &name=Spring&reward_type=5&reward_value=10&num_signups=2&hold_days=0&language=ja\
              &tier_referrals_0=1&tier_reward_type_0=1\
              &tier_referrals_1=&tier_referrals_2=5&tier_reward_type_2=5&tier_reward_value_2=20\
              &contest_enabled=on&contest_starts_at=2026-12-01T10%3A00&contest_ends_at=&contest_winners=3\
              &fraud_max_referrals_per_hour=&fraud_max_signups_per_address_per_hour=7\
              &email_welcome_enabled=on&email_welcome_text=Hi%0D%0A%7B%7Bname%7D%7D",
        )
        .unwrap();
        let body = serde_json::to_value(input_of(&form, 4).unwrap()).unwrap();
        assert_eq!(
            body["tiers"],
            json!([{"referrals": 1, "reward_type": 1, "reward_value": null},
                   {"referrals": 5, "reward_type": 5, "reward_value": "20"}]),
            "rows without a count are left out"
        );
        assert_eq!(
            body["contest"],
            json!({"enabled": true, "starts_at": "2026-12-01T10:00:00Z", "ends_at": null, "prize": null, "winners": 3}),
            "an empty end or prize is left as it was"
        );
        assert_eq!(body["fraud"]["max_referrals_per_hour"], Value::Null, "an empty limit is none");
        assert_eq!(body["fraud"]["max_signups_per_address_per_hour"], json!(7));
        assert_eq!(
            body["emails"]["welcome"],
            json!({"enabled": true, "subject": null, "text": "Hi\n{{name}}"}),
            "a field the form did not send is left as it was"
        );
        assert_eq!(body["emails"]["digest"]["enabled"], json!(false));
        assert_eq!(body["waitlist"]["enabled"], json!(false));
        assert_eq!(body["url_id"], json!(4));
        assert_eq!(body["language"], json!("ja"));
    }

    #[test]
    fn a_group_the_form_did_not_show_is_left_as_it_was() {
        let form = FormData::parse(b"name=Spring&reward_type=1&num_signups=1&hold_days=0").unwrap();
        let body = input_of(&form, 4).unwrap();
        assert!(body.tiers.is_none() && body.contest.is_none() && body.leaderboard.is_none());
        assert!(body.waitlist.is_none() && body.fraud.is_none() && body.emails.is_none());
    }

    #[test]
    fn no_tier_row_with_a_count_removes_them() {
        let form = FormData::parse(b"tier_referrals_0=&tier_referrals_1=").unwrap();
        assert_eq!(tiers_of(&form), Value::Null);
    }
}
