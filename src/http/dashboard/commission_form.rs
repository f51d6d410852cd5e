//! The campaign form's commission group: the rule (flat, or a percent of every paid invoice
//! with a first-payment rate, a duration and per-product rates), the currency it pays in,
//! the rule in one sentence, and **Preview on your invoices**, which replays the campaign's
//! stored invoices under the rule as edited (`commission_preview`) and shows the totals
//! before anything is saved.

use maud::{html, Markup};
use serde_json::{json, Value};

use super::campaign_values::Values;
use super::form::FormData;
use crate::domain::commission::{CommissionKind, CommissionRule, Rate};
use crate::domain::currency;
use crate::domain::Campaign;
use crate::http::commission_preview::CommissionPreview;

/// A rate as the form shows it ("20", "12.5"); empty for none.
fn rate_text(rate: Option<Rate>) -> String {
    rate.map(Rate::shown).unwrap_or_default()
}

/// The product rates as the form's lines: "prod_pro 30".
fn product_lines(rule: &CommissionRule) -> String {
    rule.product_rates
        .iter()
        .map(|(product, rate)| format!("{product} {}", rate.shown()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The group, open when the campaign pays commissions or a preview is shown.
pub fn commission_group(form: Option<&FormData>, campaign: &Campaign, preview: Option<&CommissionPreview>) -> Markup {
    let values = Values { form, campaign };
    let rule = &campaign.commission;
    let kind = values.get("commission_type", |c| c.commission.kind.name().into());
    html! {
        details.group #commission open[rule.is_percent() || preview.is_some()] {
            summary { "Commission and payouts" }
            input type="hidden" name="section" value="commission";
            p.hint { "What referrers earn for their customers' payments. A percent rule needs a cash campaign earned for \
                      referred friends who convert (pay); each paid invoice (from Stripe, or POST /conversions with \
                      period_start) then earns once. Changing it changes only commissions made after." }
            p.sentence { "Now: " strong { (rule.sentence()) } }
            label for="commission_type" { "Referrers earn" }
            select #commission_type name="commission_type" {
                option value="flat" selected[kind == "flat"] { "The reward above, once per referral (flat)" }
                option value="percent" selected[kind == "percent"] { "A percent of every paid invoice" }
            }
            label for="commission_rate" { "Percent of every payment" }
            input #commission_rate type="text" name="commission_rate" inputmode="decimal" placeholder="20"
                value=(values.get("commission_rate", |c| rate_text(c.commission.rate)));
            label for="commission_first_payment_rate" { "Percent of the first payment (optional)" }
            input #commission_first_payment_rate type="text" name="commission_first_payment_rate" inputmode="decimal"
                placeholder="50" value=(values.get("commission_first_payment_rate", |c| rate_text(c.commission.first_payment_rate)));
            label for="commission_duration_months" { "For how many months (empty: for life)" }
            input #commission_duration_months type="number" name="commission_duration_months" min="1" max="120"
                value=(values.get("commission_duration_months", |c| c.commission.duration_months.map(|m| m.to_string()).unwrap_or_default()));
            label for="commission_product_rates" { "Per-product percent (optional, one \"product_id percent\" a line)" }
            textarea #commission_product_rates name="commission_product_rates" rows="3" placeholder="prod_pro 30" {
                (values.get("commission_product_rates", |c| product_lines(&c.commission)))
            }
            label for="payouts_currency" { "Paid in (currency)" }
            input #payouts_currency type="text" name="payouts_currency" maxlength="3" required
                value=(values.get("payouts_currency", |c| c.payouts.currency.clone()));
            p.hint { "Invoices in another currency convert at the exchange rates you give (PUT /exchange-rates, or \
                      refctl rates import); without one, a commission waits. Cash rewards, the widget and the emails \
                      show amounts in this currency." }
            label for="payouts_minimum" { "Smallest payout, in that currency" }
            input #payouts_minimum type="text" name="payouts_minimum" inputmode="decimal" placeholder="0.00"
                value=(values.get("payouts_minimum", |c| crate::domain::money::amount(c.payouts.minimum_cents)));
            p.hint { "A smaller balance waits for more rewards before a payout is made." }
            @let method = values.get("payouts_method", |c| c.payouts.method.name().to_owned());
            label for="payouts_method" { "Payouts are" }
            select #payouts_method name="payouts_method" {
                option value="manual" selected[method != "webhook"] {
                    "paid by you, then marked paid here (a PayPal or Wise file helps)"
                }
                option value="webhook" selected[method == "webhook"] {
                    "paid by your own system, told by the payout.requested webhook"
                }
            }
            @if values.campaign.id != 0 {
                button.secondary type="submit" name="preview" value="commission" { "Preview on your invoices" }
            }
            @if let Some(preview) = preview { (preview_table(preview)) }
        }
    }
}

/// The preview's totals and its months, as a table.
fn preview_table(preview: &CommissionPreview) -> Markup {
    html! {
        div.preview #commission-preview role="status" {
            p {
                strong { (preview.rule.description) } ": on the campaign's " (preview.invoices) " invoices, "
                strong { (preview.proposed) " " (preview.currency) } " where they earn "
                (preview.now) " " (preview.currency) " now. Nothing is saved until you save the campaign."
            }
            @if preview.unrated > 0 {
                p.hint { (preview.unrated) " invoices in another currency have no exchange rate yet and count as nothing." }
            }
            @if !preview.months.is_empty() {
                table {
                    thead { tr { th { "Referrer" } th { "Month" } th.num { "Invoices" } th.num { "Now" } th.num { "Under this rule" } } }
                    tbody {
                        @for month in &preview.months {
                            tr {
                                td data-label="Referrer" { a href={ "/dashboard/participants/" (month.participant_id) } { "#" (month.participant_id) } }
                                td data-label="Month" { (month.month) }
                                td.num data-label="Invoices" { (month.invoices) }
                                td.num data-label="Now" { (month.now) }
                                td.num data-label="Under this rule" { (month.proposed) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The API's `commission` from the posted group: flat, or the percent rule's fields.
pub fn commission_of(form: &FormData) -> Value {
    if form.text("commission_type") != CommissionKind::Percent.name() {
        return json!({"type": "flat"});
    }
    let optional = |name: &str| {
        let text = form.text(name).trim();
        if text.is_empty() {
            Value::Null
        } else {
            text.into()
        }
    };
    let duration = form.text("commission_duration_months").trim().parse::<u64>().map(Value::from);
    let mut products = serde_json::Map::new();
    for line in form.text("commission_product_rates").lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (product, rate) = line.rsplit_once(char::is_whitespace).unwrap_or((line, ""));
        products.insert(product.trim().to_owned(), rate.trim().into());
    }
    json!({
        "type": "percent",
        "rate": optional("commission_rate"),
        "first_payment_rate": optional("commission_first_payment_rate"),
        "duration_months": duration.unwrap_or_else(|_| optional("commission_duration_months")),
        "product_rates": if products.is_empty() { Value::Null } else { Value::Object(products) },
    })
}

/// The form's payout settings, as the API's `payouts` body: the currency, the smallest payout
/// (empty: none) and the method (the API judges each).
pub fn payouts_of(form: &FormData) -> Value {
    let minimum = form.text("payouts_minimum").trim();
    let method = form.text("payouts_method").trim();
    json!({
        "currency": currency_of(form),
        "minimum": if minimum.is_empty() { "0" } else { minimum },
        "method": if method.is_empty() { "manual" } else { method },
    })
}

/// The currency the form names, upper case as the API keeps it.
pub fn currency_of(form: &FormData) -> String {
    let text = form.text("payouts_currency").trim();
    currency::parse("payouts.currency", text).unwrap_or_else(|_| text.to_owned())
}
