//! The webhook pages: the member's webhooks with a form to add one, and a webhook's page
//! (its settings, pausing, a new signing secret shown once, a test event, and the delivery
//! log with each attempt and a retry button). Every action is the API's own operation
//! (`crate::http::webhooks`), so the same checks apply (the egress check of the link, the
//! per-member limit, another member's webhook a 404).
//!
//! | path | what |
//! |---|---|
//! | `GET`/`POST /dashboard/webhooks` | the list, and a new webhook (its secret shown once) |
//! | `GET`/`POST /dashboard/webhooks/{id}` | its page (`?page=` of the log), and its settings saved |
//! | `POST /dashboard/webhooks/{id}/secret`, `…/test` | a new secret (shown once); a test event now |
//! | `POST /dashboard/webhooks/{id}/deliveries/{event}/retry` | one more attempt of a delivery |
//! | `GET`/`POST /dashboard/webhooks/{id}/delete` | what deleting it takes, and deleting it |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde_json::Value;

use super::brands::ListQuery;
use super::form::FormData;
use super::page::refusal_status;
use super::page::{self, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::domain::event::EventType;
use crate::domain::pagination::{Page, PageRequest};
use crate::domain::webhook::{message_id, Webhook};
use crate::domain::Campaign;
use crate::http::state::AppState;
use crate::http::webhooks::{
    create_webhook, delete_webhook, event_types, owned, retry_delivery, rotate, send_test, update_webhook,
    WebhookChanges,
};

/// Attempts a page of the log shows.
const ATTEMPTS_PER_PAGE: u64 = 50;

/// The member's campaigns, for a webhook's scope (a member has few; the first 100).
async fn campaigns_of(state: &AppState, signed_in: &SignedIn) -> Result<Vec<Campaign>, PageError> {
    Ok(state.store.campaigns_of_member(signed_in.member.id, None, PageRequest { page: 1, limit: 100 }).await?.0)
}

/// The settings fields, filled from what was posted, else from the webhook.
fn settings_fields(campaigns: &[Campaign], webhook: Option<&Webhook>, form: Option<&FormData>) -> Markup {
    let link = form.map(|f| f.text("link").to_owned()).or(webhook.map(|w| w.link.clone())).unwrap_or_default();
    let description =
        form.map(|f| f.text("description").to_owned()).or(webhook.map(|w| w.description.clone())).unwrap_or_default();
    let scope = form
        .map(|f| f.text("campaign_id").to_owned())
        .or(webhook.map(|w| w.campaign_id.map(|c| c.to_string()).unwrap_or_default()))
        .unwrap_or_default();
    let all = match (form, webhook) {
        (Some(f), _) => f.checked("all_events"),
        (None, Some(w)) => w.events.is_all(),
        (None, None) => true,
    };
    let ticked = |kind: EventType| match (form, webhook) {
        (Some(f), _) => f.all("events").contains(&kind.name()),
        (None, Some(w)) => !w.events.is_all() && w.events.contains(kind),
        (None, None) => false,
    };
    html! {
        label for="link" { "Where to send events (URL)" }
        input #link type="url" name="link" value=(link) required placeholder="https://example.com/hooks/referrals";
        label for="campaign_id" { "Events of" }
        select #campaign_id name="campaign_id" {
            option value="" selected[scope.is_empty()] { "All my campaigns" }
            @for c in campaigns {
                option value=(c.id) selected[scope == c.id.to_string()] { (c.name) }
            }
        }
        label for="description" { "Description (optional)" }
        input #description type="text" name="description" value=(description) maxlength="500";
        fieldset {
            legend { "Events" }
            label.check { input type="checkbox" name="all_events" value="on" checked[all]; " Every kind, future ones too" }
            @for kind in EventType::ALL {
                label.check { input type="checkbox" name="events" value=(kind.name()) checked[ticked(kind)]; " " code { (kind.name()) } }
            }
        }
    }
}

/// What the settings form asks for, as the API's body.
fn changes_of(form: &FormData, active: Option<bool>) -> WebhookChanges {
    let scope = form.text("campaign_id").trim();
    WebhookChanges {
        link: Some(form.text("link").to_owned()),
        campaign_id: Some(if scope.is_empty() {
            None
        } else {
            Some(scope.parse::<u64>().map_or(Value::from(scope), Value::from))
        }),
        active,
        description: Some(form.text("description").to_owned()),
        events: Some(if form.checked("all_events") {
            None
        } else {
            Some(form.all("events").into_iter().map(str::to_owned).collect())
        }),
    }
}

fn status_of(webhook: &Webhook) -> Markup {
    html! {
        @if webhook.active { "active" }
        @else if let Some(why) = &webhook.disabled_reason { span.tag { "stopped" } " " (why) }
        @else { span.tag { "paused" } }
    }
}

async fn list_page(
    state: &AppState,
    signed_in: &SignedIn,
    page_request: PageRequest,
    notice: Option<&str>,
    form: Option<&FormData>,
    error: Option<&str>,
) -> Result<Markup, PageError> {
    let (webhooks, total) = state.store.webhooks_of_member(signed_in.member.id, page_request).await?;
    let campaigns = campaigns_of(state, signed_in).await?;
    let content = html! {
        p { "A webhook sends each event (a signup, a reward, …) to your server as it happens, signed with a secret of its own (Standard Webhooks)." }
        @if webhooks.is_empty() && page_request.page == 1 { p { "No webhooks yet." } } @else {
            div.scroll { table {
                caption.visually-hidden { "Your webhooks" }
                thead { tr { th scope="col" { "Sends to" } th scope="col" { "Events" } th scope="col" { "State" } } }
                tbody {
                    @for w in &webhooks {
                        tr {
                            td { a href={ "/dashboard/webhooks/" (w.id) } { (w.link) } }
                            td { @if w.events.is_all() { "every kind" } @else { (w.events.names().join(", ")) } }
                            td { (status_of(w)) }
                        }
                    }
                }
            } }
            (page::pager("/dashboard/webhooks?", &Page::new(page_request, total)))
        }
        form.card method="post" action="/dashboard/webhooks" {
            h2 { "Add a webhook" }
            (page::token_field(&signed_in.form_token))
            @if let Some(error) = error { p.error role="alert" { (error) } }
            (settings_fields(&campaigns, None, form))
            button type="submit" { "Add webhook" }
        }
    };
    Ok(page::page(&Viewer::of(signed_in), "Webhooks", notice, content))
}

/// `GET /dashboard/webhooks`.
pub async fn list(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, PageError> {
    let page_request = query.page(50)?;
    Ok(page::ok(list_page(&state, &signed_in, page_request, query.notice(), None, None).await?))
}

fn secret_page(signed_in: &SignedIn, webhook: &Webhook, secret: &str, title: &str) -> Markup {
    let content = html! {
        section.card {
            p { "The signing secret of the webhook to " code { (webhook.link) } ". Copy it now: this page shows it once." }
            p.secret { code #new-secret { (secret) } button.copy type="button" data-copy="new-secret" { "Copy" } }
            p.hint { "Your server checks each delivery's " code { "webhook-signature" } " with it (Standard Webhooks)." }
            p { a href={ "/dashboard/webhooks/" (webhook.id) } { "Go to the webhook" } }
        }
    };
    page::page(&Viewer::of(signed_in), title, None, content)
}

/// `POST /dashboard/webhooks`: the new webhook's secret, shown once; or the list with why not.
pub async fn create(state: web::Data<AppState>, posted: SignedInForm) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let changes = changes_of(&form, None);
    let created = match event_types(changes.events.as_ref().and_then(Option::as_ref)) {
        Ok(events) => {
            create_webhook(
                &state,
                &signed_in.member,
                form.text("link"),
                "link",
                changes.campaign_id.as_ref().and_then(Option::as_ref),
                changes.description.as_deref(),
                events,
            )
            .await
        }
        Err(invalid) => Err(invalid.into()),
    };
    match created {
        Ok((webhook, secret)) => Ok(page::ok(secret_page(&signed_in, &webhook, &secret, "Webhook added"))),
        Err(refused) => {
            let (status, message) = refusal_status(refused)?;
            let markup =
                list_page(&state, &signed_in, PageRequest::default(), None, Some(&form), Some(&message)).await?;
            Ok(page::respond(status, markup))
        }
    }
}

async fn webhook_page(
    state: &AppState,
    signed_in: &SignedIn,
    webhook: &Webhook,
    page_request: PageRequest,
    notice: Option<&str>,
    form: Option<&FormData>,
    error: Option<&str>,
) -> Result<Markup, PageError> {
    let campaigns = campaigns_of(state, signed_in).await?;
    let (attempts, total) = state.store.attempts_of_webhook(webhook.id, page_request).await?;
    // Each delivery's kind of event, read once per event. A test event is sent, never stored,
    // and an erased participant's or deleted campaign's events are gone: those are named so.
    let mut kinds = std::collections::HashMap::new();
    for a in &attempts {
        if let std::collections::hash_map::Entry::Vacant(slot) = kinds.entry(a.event_id) {
            slot.insert(state.store.event(a.event_id).await?.map(|e| e.kind.name()));
        }
    }
    let base = format!("/dashboard/webhooks/{}", webhook.id);
    let active = form.map_or(webhook.active, |f| f.checked("active"));
    let content = html! {
        p.lead { "Sends to " code { (webhook.link) } " · " (status_of(webhook)) }
        nav.actions aria-label="Webhook" {
            form.inline method="post" action={ (base) "/test" } {
                (page::token_field(&signed_in.form_token))
                button type="submit" { "Send a test event" }
            }
            form.inline method="post" action={ (base) "/secret" } {
                (page::token_field(&signed_in.form_token))
                button type="submit" { "New signing secret" }
            }
        }
        section aria-labelledby="log" {
            h2 #log { "Deliveries" }
            @if attempts.is_empty() { p { "Nothing sent yet." } } @else {
                div.scroll { table {
                    thead { tr {
                        th scope="col" { "Event" } th scope="col" { "Type" } th scope="col" { "Attempt" } th scope="col" { "When" }
                        th scope="col" { "Answer" } th scope="col" .num { "ms" } th scope="col" { "Then" } th scope="col" { "" }
                    } }
                    tbody {
                        @for a in &attempts {
                            tr {
                                td { code { (message_id(a.event_id)) } }
                                td.event-type { (kinds.get(&a.event_id).copied().flatten().unwrap_or("webhook.test, or deleted")) }
                                td { (a.attempt) }
                                td { (page::when(&a.at)) }
                                td { @if let Some(code) = a.status_code { (code) } @if let Some(e) = &a.error { " " (e) } }
                                td.num { (a.duration_ms) }
                                td { (a.outcome) }
                                td {
                                    @if a.outcome == "failed" || a.outcome == "disabled" {
                                        form.inline method="post" action={ (base) "/deliveries/" (message_id(a.event_id)) "/retry" } {
                                            (page::token_field(&signed_in.form_token))
                                            button.small type="submit" { "Retry" }
                                        }
                                    }
                                }
                            }
                        }
                    }
                } }
                (page::pager(&format!("{base}?"), &Page::new(page_request, total)))
            }
        }
        form.card method="post" action=(base) {
            h2 { "Settings" }
            (page::token_field(&signed_in.form_token))
            @if let Some(error) = error { p.error role="alert" { (error) } }
            (settings_fields(&campaigns, Some(webhook), form))
            label.check { input type="checkbox" name="active" value="on" checked[active]; " Sending (untick to pause)" }
            button type="submit" { "Save" }
        }
        p { a.danger href={ (base) "/delete" } { "Delete this webhook…" } }
    };
    Ok(page::page(&Viewer::of(signed_in), &format!("Webhook #{}", webhook.id), notice, content))
}

/// `GET /dashboard/webhooks/{id}`.
pub async fn show(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, PageError> {
    let webhook = owned(&state, &signed_in.member, *id).await?;
    let page_request = query.page(ATTEMPTS_PER_PAGE)?;
    Ok(page::ok(webhook_page(&state, &signed_in, &webhook, page_request, query.notice(), None, None).await?))
}

/// `POST /dashboard/webhooks/{id}`: the settings saved, or the page with why not.
pub async fn save(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    match update_webhook(&state, &signed_in.member, *id, changes_of(&form, Some(form.checked("active")))).await {
        Ok(webhook) => Ok(page::see_other(&format!("/dashboard/webhooks/{}?notice=webhook-saved", webhook.id))),
        Err(refused) => {
            let (status, message) = refusal_status(refused)?;
            let webhook = owned(&state, &signed_in.member, *id).await?;
            let markup =
                webhook_page(&state, &signed_in, &webhook, PageRequest::default(), None, Some(&form), Some(&message))
                    .await?;
            Ok(page::respond(status, markup))
        }
    }
}

/// `POST /dashboard/webhooks/{id}/secret`: the new secret, shown once.
pub async fn new_secret(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let (webhook, secret) = rotate(&state, &posted.signed_in.member, *id).await?;
    Ok(page::ok(secret_page(&posted.signed_in, &webhook, &secret, "A new signing secret")))
}

/// `POST /dashboard/webhooks/{id}/test`: back to the page, whose log shows the attempt.
pub async fn test(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    send_test(&state, &posted.signed_in.member, *id).await?;
    Ok(page::see_other(&format!("/dashboard/webhooks/{}?notice=test-sent", *id)))
}

/// `POST /dashboard/webhooks/{id}/deliveries/{event}/retry`.
pub async fn retry(
    state: web::Data<AppState>,
    posted: SignedInForm,
    path: web::Path<(u64, String)>,
) -> Result<HttpResponse, PageError> {
    let (id, event) = path.into_inner();
    let answer = retry_delivery(&state, &posted.signed_in.member, id, &event).await?;
    let notice = if answer.queued { "retry-queued" } else { "retry-waiting" };
    Ok(page::see_other(&format!("/dashboard/webhooks/{id}?notice={notice}")))
}

/// `GET /dashboard/webhooks/{id}/delete`.
pub async fn confirm_delete(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let webhook = owned(&state, &signed_in.member, *id).await?;
    let what = html! {
        p { "Deleting the webhook to " code { (webhook.link) } " also deletes its delivery log and the deliveries still waiting: they will not be sent." }
    };
    let content = page::confirmation(
        &signed_in.form_token,
        &format!("/dashboard/webhooks/{}/delete", webhook.id),
        &format!("/dashboard/webhooks/{}", webhook.id),
        "Delete the webhook",
        what,
    );
    Ok(page::ok(page::page(&Viewer::of(&signed_in), "Delete this webhook?", None, content)))
}

/// `POST /dashboard/webhooks/{id}/delete`.
pub async fn delete(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    delete_webhook(&state, &posted.signed_in.member, *id).await?;
    Ok(page::see_other("/dashboard/webhooks?notice=webhook-deleted"))
}
