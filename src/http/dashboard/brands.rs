//! The brand pages: the member's brands with a form to add one, a brand's page (its
//! campaigns with their headline numbers, totals, and its settings), and deleting a brand
//! after a confirmation that says what goes with it.
//!
//! | path | what |
//! |---|---|
//! | `GET`/`POST /dashboard/brands` | the list (`?page=`), and a new brand from a URL |
//! | `GET`/`POST /dashboard/brands/{id}` | the brand's page (with its domain's proof, `domain_proof.rs`), and its settings saved |
//! | `GET`/`POST /dashboard/brands/{id}/delete` | what deleting it takes, and deleting it |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::campaigns::campaign_table;
use super::form::FormData;
use super::page::{self, refusal_status, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::domain::domain_proof::ProofSubject;
use crate::domain::pagination::{Page, PageRequest};
use crate::domain::{Brand, CampaignCounters};
use crate::http::brands::{brand_totals, create_brand, delete_brand, update_brand, BrandChanges, NewBrand};
use crate::http::error::ApiError;
use crate::http::ownership;
use crate::http::state::AppState;

/// `?page=` of a list, and the `?notice=` a redirect leaves.
#[derive(Deserialize)]
pub struct ListQuery {
    page: Option<String>,
    notice: Option<String>,
}

impl ListQuery {
    pub fn page(&self, limit: u64) -> Result<PageRequest, PageError> {
        let page = PageRequest::parse(self.page.as_deref(), Some(&limit.to_string())).map_err(ApiError::from)?;
        Ok(page)
    }

    pub fn notice(&self) -> Option<&'static str> {
        page::notice(self.notice.as_deref())
    }
}

/// Brands a page of the list shows.
const BRANDS_PER_PAGE: u64 = 50;

fn new_brand_form(token: &str, form: Option<&FormData>, error: Option<&str>) -> Markup {
    let value = |name: &str| form.map(|f| f.text(name).to_owned()).unwrap_or_default();
    html! {
        form.card #new-brand method="post" action="/dashboard/brands" {
            h2 { "Add a brand" }
            (page::token_field(token))
            @if let Some(error) = error { p.error role="alert" { (error) } }
            label for="url" { "Website address" }
            input #url type="text" name="url" value=(value("url")) placeholder="https://example.com" required
                aria-describedby="url-hint";
            p.hint #url-hint { "One brand per domain; www. and the path are ignored." }
            label for="description" { "Description (optional)" }
            textarea #description name="description" rows="2" { (value("description")) }
            label for="logo_url" { "Logo URL (optional)" }
            input #logo_url type="url" name="logo_url" value=(value("logo_url"));
            button type="submit" { "Add brand" }
        }
    }
}

async fn list_page(
    state: &AppState,
    signed_in: &SignedIn,
    page_request: PageRequest,
    notice: Option<&str>,
    form: Option<&FormData>,
    error: Option<&str>,
) -> Result<maud::Markup, PageError> {
    let (brands, total) = state.store.brands_of_member(signed_in.member.id, page_request).await?;
    let pages = Page::new(page_request, total);
    let content = html! {
        @if brands.is_empty() && page_request.page == 1 {
            p { "You have no brands yet. A brand is a website you run referral campaigns on." }
        } @else {
            div.scroll { table {
                caption.visually-hidden { "Your brands" }
                thead { tr { th scope="col" { "Domain" } th scope="col" { "Website" } th scope="col" { "Added" } } }
                tbody {
                    @for brand in &brands {
                        tr {
                            td { a href={ "/dashboard/brands/" (brand.id) } { (brand.domain) } }
                            td { (brand.url) }
                            td { (page::when(&brand.created_at)) }
                        }
                    }
                }
            } }
            (page::pager("/dashboard/brands?", &pages))
        }
        (new_brand_form(&signed_in.form_token, form, error))
    };
    Ok(page::page(&Viewer::of(signed_in), "Brands", notice, content))
}

/// `GET /dashboard/brands`.
pub async fn list(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, PageError> {
    let page_request = query.page(BRANDS_PER_PAGE)?;
    Ok(page::ok(list_page(&state, &signed_in, page_request, query.notice(), None, None).await?))
}

fn optional(form: &FormData, name: &str) -> Option<String> {
    Some(form.text(name).trim().to_owned()).filter(|v| !v.is_empty())
}

/// `POST /dashboard/brands`: the new brand's page, or the list with why not.
pub async fn create(state: web::Data<AppState>, posted: SignedInForm) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let body = NewBrand {
        url: form.text("url").to_owned(),
        description: optional(&form, "description"),
        logo_url: optional(&form, "logo_url"),
    };
    match create_brand(&state, &signed_in.member, body).await {
        Ok(brand) => Ok(page::see_other(&format!("/dashboard/brands/{}?notice=brand-created", brand.id))),
        Err(refused) => {
            let (status, message) = refusal_status(refused)?;
            let markup =
                list_page(&state, &signed_in, PageRequest::default(), None, Some(&form), Some(&message)).await?;
            Ok(page::respond(status, markup))
        }
    }
}

async fn brand_page(
    state: &AppState,
    signed_in: &SignedIn,
    brand: &Brand,
    notice: Option<&str>,
    form: Option<&FormData>,
    error: Option<&str>,
) -> Result<Markup, PageError> {
    let (campaigns, _) = state
        .store
        .campaigns_of_member(signed_in.member.id, Some(brand.id), PageRequest { page: 1, limit: 100 })
        .await?;
    let campaign_ids: Vec<u64> = campaigns.iter().map(|c| c.id).collect();
    let charts = super::stats::brand_charts(state, &campaign_ids).await?;
    // The totals are over every campaign of the brand, not only the first 100 listed.
    let (counted, totals) = brand_totals(state, brand.id).await?;
    let campaign_count = counted.len() as u64;
    let counted: std::collections::HashMap<u64, CampaignCounters> = counted.into_iter().collect();
    let rows: Vec<_> = campaigns
        .into_iter()
        .map(|c| {
            let counters = counted.get(&c.id).cloned().unwrap_or_default();
            (c, counters)
        })
        .collect();
    let proof =
        super::domain_proof::section(state, signed_in, ProofSubject::Brand(brand.id), &brand.domain, "its clicks")
            .await?;
    let sources = super::sources::section(state, signed_in, brand, None).await?;
    let value = |name: &str, stored: Option<&str>| match form {
        Some(f) => f.text(name).to_owned(),
        None => stored.unwrap_or_default().to_owned(),
    };
    let content = html! {
        p.lead {
            @if let Some(logo) = &brand.logo_url { img.logo src=(logo) alt="" width="40" height="40"; }
            a href=(brand.url) rel="noopener noreferrer" target="_blank" { (brand.url) }
        }
        @if !brand.description.is_empty() { p { (brand.description) } }
        section aria-labelledby="totals" {
            h2 #totals { "Totals" }
            (page::numbers(&[
                ("Campaigns", campaign_count),
                ("Participants", totals.participants),
                ("Referrals", totals.referrals),
                ("Rewards issued", totals.rewards_issued),
                ("Clicks", totals.clicks),
            ]))
            p { a.button href={ "/dashboard/brands/" (brand.id) "/analytics" } { "Analytics" } }
        }
        (proof)
        (sources)
        (charts)
        section aria-labelledby="campaigns" {
            h2 #campaigns { "Campaigns" }
            @if rows.is_empty() { p { "No campaigns yet." } } @else { (campaign_table(&rows)) }
            p { a.button href={ "/dashboard/brands/" (brand.id) "/campaigns/new" } { "New campaign" } }
        }
        form.card method="post" action={ "/dashboard/brands/" (brand.id) } {
            h2 { "Settings" }
            (page::token_field(&signed_in.form_token))
            @if let Some(error) = error { p.error role="alert" { (error) } }
            label for="description" { "Description" }
            textarea #description name="description" rows="3" { (value("description", Some(&brand.description))) }
            label for="logo_url" { "Logo URL" }
            input #logo_url type="url" name="logo_url" value=(value("logo_url", brand.logo_url.as_deref()));
            label for="background_url" { "Background image URL (for landing pages)" }
            input #background_url type="url" name="background_url"
                value=(value("background_url", brand.background_url.as_deref()));
            p.hint { "Leave an image empty to remove it." }
            button type="submit" { "Save" }
        }
        p { a.danger href={ "/dashboard/brands/" (brand.id) "/delete" } { "Delete this brand…" } }
    };
    Ok(page::page(&Viewer::of(signed_in), &brand.domain, notice, content))
}

/// `GET /dashboard/brands/{id}`.
pub async fn show(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, PageError> {
    let brand = ownership::brand(&state, &signed_in.member, *id).await?;
    Ok(page::ok(brand_page(&state, &signed_in, &brand, query.notice(), None, None).await?))
}

/// `POST /dashboard/brands/{id}`: the settings saved, or the page with why not.
pub async fn save(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let changes = BrandChanges {
        description: Some(form.text("description").to_owned()),
        logo_url: Some(optional(&form, "logo_url")),
        background_url: Some(optional(&form, "background_url")),
    };
    match update_brand(&state, &signed_in.member, *id, changes).await {
        Ok(brand) => Ok(page::see_other(&format!("/dashboard/brands/{}?notice=brand-saved", brand.id))),
        Err(refused) => {
            let (status, message) = refusal_status(refused)?;
            let brand = ownership::brand(&state, &signed_in.member, *id).await?;
            Ok(page::respond(status, brand_page(&state, &signed_in, &brand, None, Some(&form), Some(&message)).await?))
        }
    }
}

/// `GET /dashboard/brands/{id}/delete`: what goes with the brand, and the button.
pub async fn confirm_delete(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let brand = ownership::brand(&state, &signed_in.member, *id).await?;
    let (campaigns, totals) = brand_totals(&state, brand.id).await?;
    let campaigns = campaigns.len();
    let what = html! {
        p { "Deleting " strong { (brand.domain) } " also deletes, for good:" }
        ul {
            li { (campaigns) " campaigns, with their widget and landing-page settings" }
            li { (totals.participants) " participants and who referred whom" }
            li { (totals.rewards_issued) " rewards issued, and every coupon code uploaded" }
            li { "their statistics, webhook events and emails" }
        }
        p { "This cannot be undone. Referral links and widgets of these campaigns stop working." }
    };
    let content = page::confirmation(
        &signed_in.form_token,
        &format!("/dashboard/brands/{}/delete", brand.id),
        &format!("/dashboard/brands/{}", brand.id),
        &format!("Delete {} and everything under it", brand.domain),
        what,
    );
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &format!("Delete {}?", brand.domain), None, content)))
}

/// `POST /dashboard/brands/{id}/delete`.
pub async fn delete(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    delete_brand(&state, &posted.signed_in.member, *id).await?;
    Ok(page::see_other("/dashboard/brands?notice=brand-deleted"))
}
