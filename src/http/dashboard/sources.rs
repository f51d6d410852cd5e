//! The brand page's sources of sales: Stripe, Paddle Billing and Shopify, each with whether it
//! is connected, the address to give it and the events to send, a field for its signing
//! secret (never shown again) and a button to disconnect. Stored through the API's own
//! functions (`http::stripe::connect`, `http::sources::store_connection`), so the same checks
//! hold.
//!
//! | path | what |
//! |---|---|
//! | `POST /dashboard/brands/{id}/sources/{source}` | store (`signing_secret`) or forget (`disconnect`) a source's secret |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};

use super::page::{self, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::actors::brand::ConnectStripe;
use crate::domain::sales_source::Source;
use crate::domain::stripe::EVENT_TYPES;
use crate::domain::Brand;
use crate::http::error::ApiError;
use crate::http::ownership;
use crate::http::state::AppState;

/// One source as the section shows it.
struct Shown {
    /// `stripe`, `paddle` or `shopify`.
    key: &'static str,
    title: &'static str,
    connected_at: Option<String>,
    events: Vec<&'static str>,
    secret_hint: &'static str,
}

/// The brand page's section: every source with its state and its form.
pub async fn section(
    state: &AppState,
    signed_in: &SignedIn,
    brand: &Brand,
    error: Option<(&str, &str)>,
) -> Result<Markup, PageError> {
    let stripe = state.store.stripe_connection(brand.id).await?;
    let mut shown = vec![Shown {
        key: "stripe",
        title: "Stripe",
        connected_at: stripe.map(|c| c.connected_at),
        events: EVENT_TYPES.to_vec(),
        secret_hint: "The endpoint's signing secret, whsec_…",
    }];
    for source in Source::ALL {
        shown.push(Shown {
            key: source.name(),
            title: match source {
                Source::Paddle => "Paddle Billing",
                Source::Shopify => "Shopify",
            },
            connected_at: state.store.source_connection(brand.id, source).await?.map(|c| c.connected_at),
            events: source.events().to_vec(),
            secret_hint: source.secret_name(),
        });
    }
    Ok(html! {
        section aria-labelledby="sources" {
            h2 #sources { "Sales sources" }
            p.hint { "Connect where your customers pay: each sale is then credited to the partner who brought it \\
                      (a customer already theirs, their promo code, their referral code or link)." }
            @for source in &shown {
                form.card method="post" action={ "/dashboard/brands/" (brand.id) "/sources/" (source.key) } data-source=(source.key) {
                    h3 { (source.title) }
                    (page::token_field(&signed_in.form_token))
                    @if let Some((key, message)) = error { @if key == source.key { p.error role="alert" { (message) } } }
                    @match &source.connected_at {
                        Some(at) => p { "Connected since " (page::when(at)) "." },
                        None => p { "Not connected." },
                    }
                    p.source-setup { "Send to " code { (state.public_url) "/hooks/" (source.key) "/" (brand.id) } " these events: "
                        @for (i, event) in source.events.iter().enumerate() { @if i > 0 { ", " } code { (event) } } }
                    label for={ (source.key) "_secret" } { "Signing secret" }
                    input id={ (source.key) "_secret" } type="password" name="signing_secret" autocomplete="off"
                        placeholder=(source.secret_hint);
                    button type="submit" { @if source.connected_at.is_some() { "Replace the secret" } @else { "Connect" } }
                    @if source.connected_at.is_some() {
                        " " button.small.danger type="submit" name="disconnect" value="1" formnovalidate { "Disconnect" }
                    }
                }
            }
        }
    })
}

/// `POST /dashboard/brands/{id}/sources/{source}`.
pub async fn save(
    state: web::Data<AppState>,
    posted: SignedInForm,
    path: web::Path<(u64, String)>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let (id, key) = path.into_inner();
    let brand = ownership::brand(&state, &signed_in.member, id).await?;
    let disconnect = !form.text("disconnect").is_empty();
    let secret = form.text("signing_secret");
    let member_id = signed_in.member.id;
    let stored: Result<(), ApiError> = match (key.as_str(), disconnect) {
        ("stripe", true) => {
            let message = ConnectStripe { member_id, connection: None };
            state.brands.get(brand.id).send(message).await.map_err(ApiError::from).and_then(|r| Ok(r?))
        }
        ("stripe", false) => crate::http::stripe::connect(&state, member_id, brand.id, secret).await.map(|_| ()),
        (name, disconnect) => {
            let source =
                Source::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| PageError::not_found("source"))?;
            let secret = (!disconnect).then_some(secret);
            crate::http::sources::store_connection(&state, member_id, brand.id, source, secret).await.map(|_| ())
        }
    };
    let (status, refusal) = match stored {
        Ok(()) => return Ok(page::see_other(&format!("/dashboard/brands/{}#sources", brand.id))),
        Err(error) => page::refusal_status(error)?,
    };
    let content = html! {
        (section(&state, &signed_in, &brand, Some((&key, &refusal))).await?)
        p { a href={ "/dashboard/brands/" (brand.id) } { "Back to " (brand.domain) } }
    };
    Ok(page::respond(status, page::page(&Viewer::of(&signed_in), "Sales sources", None, content)))
}
