//! The account pages: register, sign in, sign out, the member's profile and plan, and the
//! API key (generated here and shown once).
//!
//! | path | what |
//! |---|---|
//! | `GET`/`POST /dashboard/register` | a new account, signed in at once |
//! | `GET`/`POST /dashboard/sign-in` | a session (the API's sign-in limits apply) |
//! | `POST /dashboard/sign-out` | ends the session on the server |
//! | `GET /dashboard/account` | profile, plan, the API key's prefix and date |
//! | `POST /dashboard/account/api-key` | a new key, shown once; the previous one stops working |

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::page::{self, PageError, Viewer};
use super::session::{self, SignedIn, SignedInForm, VisitorForm};
use crate::domain::pagination::PageRequest;
use crate::domain::plan::FREE_PLAN_ID;
use crate::http::error::ApiError;
use crate::http::state::AppState;
use crate::http::{api_keys, members, ownership};

/// The `?notice=` a redirect leaves on a page.
#[derive(Deserialize)]
pub struct NoticeQuery {
    notice: Option<String>,
}

/// Where a signed-in member lands.
const HOME: &str = "/dashboard/brands";

/// `GET /dashboard`: the member's brands when signed in, else the sign-in page.
pub async fn home(req: HttpRequest) -> HttpResponse {
    match <SignedIn as actix_web::FromRequest>::extract(&req).await {
        Ok(_) => page::see_other(HOME),
        Err(_) => page::see_other("/dashboard/sign-in"),
    }
}

fn sign_in_form(token: &str, email: &str, error: Option<&str>) -> Markup {
    html! {
        form.card method="post" action="/dashboard/sign-in" {
            (page::token_field(token))
            @if let Some(error) = error { p.error role="alert" { (error) } }
            label for="email" { "Email" }
            input #email type="email" name="email" value=(email) autocomplete="username" required autofocus;
            label for="password" { "Password" }
            input #password type="password" name="password" autocomplete="current-password" required;
            button type="submit" { "Sign in" }
        }
        p { "New here? " a href="/dashboard/register" { "Create an account" } }
    }
}

fn visitor_page(
    req: &HttpRequest,
    state: &AppState,
    status: StatusCode,
    title: &str,
    notice: Option<&str>,
    form: impl FnOnce(&str) -> Markup,
) -> HttpResponse {
    let (token, cookie) = session::visitor_token(req, state);
    let mut response = page::respond(status, page::page(&Viewer::Visitor, title, notice, form(&token)));
    if let Some(cookie) = cookie {
        // A response we built has no cookie yet; adding one cannot fail.
        let _ = response.add_cookie(&cookie);
    }
    response
}

/// `GET /dashboard/sign-in`.
pub async fn sign_in_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<NoticeQuery>,
) -> HttpResponse {
    if <SignedIn as actix_web::FromRequest>::extract(&req).await.is_ok() {
        return page::see_other(HOME);
    }
    let notice = page::notice(query.notice.as_deref());
    visitor_page(&req, &state, StatusCode::OK, "Sign in", notice, |token| sign_in_form(token, "", None))
}

/// `POST /dashboard/sign-in`: a session, or the form again with why not.
pub async fn sign_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    posted: VisitorForm,
) -> Result<HttpResponse, PageError> {
    let form = posted.form;
    let email = form.text("email").to_owned();
    match members::check_password(&state, &req, &email, form.text("password").to_owned()).await {
        Ok(member) => session::sign_in(&state, &member, HOME).await,
        Err(refused @ (ApiError::Unauthorized(_) | ApiError::RateLimited { .. })) => {
            let status = actix_web::ResponseError::status_code(&refused);
            let message = refused.to_string();
            let mut response = visitor_page(&req, &state, status, "Sign in", None, |token| {
                sign_in_form(token, &email, Some(&message))
            });
            if let ApiError::RateLimited { retry_after_secs, .. } = refused {
                if let Ok(value) = retry_after_secs.to_string().parse() {
                    response.headers_mut().insert(actix_web::http::header::RETRY_AFTER, value);
                }
            }
            Ok(response)
        }
        Err(other) => Err(other.into()),
    }
}

fn register_form(token: &str, email: &str, name: &str, error: Option<&str>) -> Markup {
    html! {
        form.card method="post" action="/dashboard/register" {
            (page::token_field(token))
            @if let Some(error) = error { p.error role="alert" { (error) } }
            label for="name" { "Your name" }
            input #name type="text" name="name" value=(name) autocomplete="name" required autofocus;
            label for="email" { "Email" }
            input #email type="email" name="email" value=(email) autocomplete="email" required;
            label for="password" { "Password" }
            input #password type="password" name="password" autocomplete="new-password" minlength="8" required
                aria-describedby="password-rule";
            p.hint #password-rule { "At least 8 characters." }
            button type="submit" { "Create account" }
        }
        p { "Have an account? " a href="/dashboard/sign-in" { "Sign in" } }
    }
}

/// `GET /dashboard/register`.
pub async fn register_page(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    visitor_page(&req, &state, StatusCode::OK, "Create an account", None, |token| register_form(token, "", "", None))
}

/// `POST /dashboard/register`: the account (on the free plan, as `POST /members`), signed in.
pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    posted: VisitorForm,
) -> Result<HttpResponse, PageError> {
    let form = posted.form;
    let (email, name) = (form.text("email").to_owned(), form.text("name").to_owned());
    // Each registration hashes a password (~50 ms of CPU): limited per address, as sign-ins
    // across emails are (the API's `POST /members` has its per-address limit too).
    state.limiters.login_address.check(&crate::http::client::address(&req))?;
    match members::create_member(&state, &email, &name, form.text("password"), FREE_PLAN_ID).await {
        Ok(member) => session::sign_in(&state, &member, HOME).await,
        Err(refused @ ApiError::Refused { .. }) => {
            let status = actix_web::ResponseError::status_code(&refused);
            let message = refused.to_string();
            Ok(visitor_page(&req, &state, status, "Create an account", None, |token| {
                register_form(token, &email, &name, Some(&message))
            }))
        }
        Err(other) => Err(other.into()),
    }
}

/// `POST /dashboard/sign-out`.
pub async fn sign_out(state: web::Data<AppState>, posted: SignedInForm) -> Result<HttpResponse, PageError> {
    session::sign_out(&state, &posted.signed_in).await
}

/// What is used beside what the plan allows: "2 of 3", or "2 (no limit)".
fn usage(used: u64, limit: Option<u64>) -> String {
    match limit {
        Some(limit) => format!("{used} of {limit}"),
        None => format!("{used} (no limit)"),
    }
}

/// The member's brands, campaigns, and the participants of their fullest campaign.
async fn used(state: &AppState, member_id: u64) -> Result<(u64, u64, u64), PageError> {
    let brands = state.store.brands_of_member(member_id, PageRequest { page: 1, limit: 1 }).await?.1;
    let counted = crate::store::counters_of_member(&state.store, member_id).await?;
    let fullest = counted.iter().map(|(_, counters)| counters.participants).max().unwrap_or(0);
    Ok((brands, counted.len() as u64, fullest))
}

/// `GET /dashboard/account`.
pub async fn account(state: web::Data<AppState>, signed_in: SignedIn) -> Result<HttpResponse, PageError> {
    let member = &signed_in.member;
    let plan = ownership::plan_of(&state, member).await?;
    let key = api_keys::key_prefix(&state, member);
    let (brands, campaigns, fullest) = used(&state, member.id).await?;
    let content = html! {
        section.card aria-labelledby="profile" {
            h2 #profile { "Profile" }
            dl {
                dt { "Name" } dd { (member.name) }
                dt { "Email" } dd { (member.email) }
                dt { "Member since" } dd { (page::when(&member.date_signedup)) }
            }
        }
        section.card aria-labelledby="plan" {
            h2 #plan { "Plan" }
            dl {
                dt { "Plan" } dd { (plan.name) @if plan.paid { " (paid)" } }
                dt { "Price" } dd { (plan.price) " " (plan.currency) " a " (plan.interval) }
                dt { "Brands" } dd #usage-brands { (usage(brands, plan.limits.brands)) }
                dt { "Campaigns" } dd #usage-campaigns { (usage(campaigns, plan.limits.campaigns)) }
                dt { "Participants per campaign" }
                dd #usage-participants { (usage(fullest, plan.limits.participants)) " in your fullest campaign" }
            }
            @if !plan.paid { p.hint { "Public campaigns need a paid plan; ask the operator of this server." } }
        }
        section.card aria-labelledby="api-key" {
            h2 #api-key { "API key" }
            @match &key {
                Some((prefix, date)) => p { "Your key starts " code { (prefix) } ", made " (page::when(date)) "." },
                None => p { "You have no API key yet." },
            }
            form method="post" action="/dashboard/account/api-key" {
                (page::token_field(&signed_in.form_token))
                @if key.is_some() {
                    p.hint { "A new key replaces this one: the old key stops working at once." }
                }
                button type="submit" { "Generate a new API key" }
            }
        }
    };
    Ok(page::ok(page::page(&Viewer::of(&signed_in), "Account", None, content)))
}

/// `POST /dashboard/account/api-key`: the new key, shown this once.
pub async fn generate_key(state: web::Data<AppState>, posted: SignedInForm) -> Result<HttpResponse, PageError> {
    let signed_in = posted.signed_in;
    let (key, date) = api_keys::issue_key(&state, signed_in.member.id).await?;
    let content = html! {
        section.card {
            p { "Your new API key, made " (page::when(&date)) ". Copy it now: this page shows it once." }
            p.secret {
                code #new-key { (key) }
                button.copy type="button" data-copy="new-key" { "Copy" }
            }
            p.hint { "Send it in the " code { "X-API-Key" } " header of API requests. The previous key no longer works." }
            p { a href="/dashboard/account" { "Back to the account" } }
        }
    };
    Ok(page::ok(page::page(&Viewer::of(&signed_in), "Your new API key", None, content)))
}
