//! The Account page's keys for integrations and assistants: the member's scoped keys
//! (`domain::key_scope`), made and revoked as through `POST`/`DELETE /members/api-keys`.
//!
//! | route | what |
//! |---|---|
//! | `POST /dashboard/account/api-keys` | a scoped key, shown once |
//! | `POST /dashboard/account/api-keys/{id}/revoke` | the key ends at once; back to the account |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};

use super::page::{self, PageError, Viewer};
use super::session::SignedInForm;
use crate::domain::key_scope::{listed, Resource, Scope};
use crate::domain::Member;
use crate::http::{scoped_keys, AppState};

/// The card: the keys with their scopes and a button to revoke each, and the form to make one.
pub(super) fn card(member: &Member, form_token: &str) -> Markup {
    html! {
        section.card aria-labelledby="scoped-keys" {
            h2 #scoped-keys { "Keys for integrations and assistants" }
            p.hint {
                "A key that may only do what one integration needs: read the programme, change some of it, "
                "or both. An assistant (MCP: " code { "refctl mcp" } " or " code { "/mcp" } ") with a read-only key "
                "changes nothing. No such key manages your account."
            }
            @if member.scoped_keys.is_empty() {
                p { "You have none yet." }
            } @else {
                div.scroll { table {
                    thead { tr { th { "Name" } th { "May" } th { "Starts" } th { "Made" } th { span.visually-hidden { "Revoke" } } } }
                    tbody {
                        @for key in &member.scoped_keys {
                            tr {
                                td { (key.name) }
                                td { (listed(&key.scopes)) }
                                td { code { (key.prefix) "…" } }
                                td { (page::when(&key.date_generated)) }
                                td {
                                    form method="post" action=(format!("/dashboard/account/api-keys/{}/revoke", key.id)) {
                                        (page::token_field(form_token))
                                        button type="submit" aria-label=(format!("Revoke {}", key.name)) { "Revoke" }
                                    }
                                }
                            }
                        }
                    }
                } }
            }
            form method="post" action="/dashboard/account/api-keys" {
                (page::token_field(form_token))
                label for="key-name" { "What it is for" }
                input #key-name type="text" name="name" maxlength="100" required placeholder="Assistant";
                label.check { input type="checkbox" name="read" value="on" checked; " Read the programme" }
                fieldset {
                    legend { "Change" }
                    label.check { input type="radio" name="writes" value="none" checked; " Nothing" }
                    label.check { input type="radio" name="writes" value="all"; " Everything" }
                    label.check { input type="radio" name="writes" value="some"; " Only these:" }
                    @for resource in Resource::ALL {
                        label.check { input type="checkbox" name="resource" value=(resource.as_str()); " " (resource.as_str()) }
                    }
                }
                button type="submit" { "Make a key" }
            }
        }
    }
}

/// The scopes a posted form asks for, as the API names them.
fn scopes_of(posted: &SignedInForm) -> Vec<String> {
    let form = &posted.form;
    let mut scopes = Vec::new();
    if form.checked("read") {
        scopes.push(Scope::Read.name());
    }
    match form.text("writes") {
        "all" => scopes.push(Scope::Write.name()),
        "some" => scopes.extend(form.all("resource").into_iter().map(|name| format!("write:{name}"))),
        _ => {}
    }
    scopes
}

/// `POST /dashboard/account/api-keys`: the new key, shown this once.
pub async fn create(state: web::Data<AppState>, posted: SignedInForm) -> Result<HttpResponse, PageError> {
    let scopes = scopes_of(&posted);
    let signed_in = posted.signed_in;
    let (made, key) = scoped_keys::make(&state, signed_in.member.id, posted.form.text("name"), &scopes).await?;
    let may = listed(&made.scopes);
    let content = html! {
        section.card {
            p { "Your key " strong { (made.name) } " may: " (may) ". Copy it now: this page shows it once." }
            p.secret {
                code #new-key { (key) }
                button.copy type="button" data-copy="new-key" { "Copy" }
            }
            p.hint {
                "Send it in the " code { "X-API-Key" } " header. For an assistant on your machine: "
                code { "REFERRALS_API_KEY=… refctl mcp" } "; over the network, this server's " code { "/mcp" }
                " with the key as a bearer token."
            }
            p { a href="/dashboard/account#scoped-keys" { "Back to the account" } }
        }
    };
    Ok(page::ok(page::page(&Viewer::of(&signed_in), "Your new key", None, content)))
}

/// `POST /dashboard/account/api-keys/{id}/revoke`: the key ends at once.
pub async fn revoke(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    scoped_keys::revoke_key(&state, posted.signed_in.member.id, *id).await?;
    Ok(page::see_other("/dashboard/account?notice=key-revoked#scoped-keys"))
}
