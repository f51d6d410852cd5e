//! The member dashboard at `/dashboard`: a referral program run from a browser. Pages are
//! rendered on the server (maud, compiled into the binary) and work without JavaScript; a
//! small script of ours (`assets/dashboard.js`) adds copy buttons and upload progress. Every handler calls the
//! same operations, actors and store as the API (`crate::http::brands::create_brand`, …), so
//! a rule holds the same way in both.
//!
//! Signing in makes a server-side session (`session.rs`); every form that changes something
//! carries the session's token and must come from our own pages. Nothing here is in the
//! OpenAPI document: these are pages, not API.
//!
//! | path | module |
//! |---|---|
//! | `/dashboard`, `/dashboard/register`, `/dashboard/sign-in`, `/dashboard/sign-out`, `/dashboard/account…` | [`account`] |
//! | `/dashboard/account/api-keys…` (keys for integrations and assistants) | [`scoped_keys`] |
//! | `/dashboard/password-reset`, `/dashboard/password-reset/new` | [`password_reset`] |
//! | `/dashboard/confirm-email/{token}` (a member's email confirmation link) | [`email_confirmation`] |
//! | `/dashboard/brands…` | [`brands`] |
//! | `/dashboard/brands/{id}/sources/{source}` (and the brand page's section: Stripe, Paddle, Shopify) | [`sources`] |
//! | `/dashboard/brands/{id}/domain-proof`, `/dashboard/participants/{id}/domain-proof` (and the section on those pages) | [`domain_proof`] |
//! | `/dashboard/brands/{id}/campaigns…`, `/dashboard/campaigns/{id}…` | [`campaigns`], the form in [`campaign_form`], read by [`campaign_body`] |
//! | the overview's programme (tiers, contest, top referrers, waitlist), `/dashboard/campaigns/{id}/waitlist/admit` | [`programme`] |
//! | `/dashboard/campaigns/{id}/lander…` (the landing page's settings, previewed live) | [`lander`] |
//! | `/dashboard/review`, `/dashboard/campaigns/{id}/review` (held rewards, approved or voided one by one or as a selection) | [`review`] |
//! | `/dashboard/campaigns/{id}/rewards…` (the list, its CSV, filtered by [`reward_filter`]), `/dashboard/campaigns/{id}/participants.csv` | [`rewards`] |
//! | `/dashboard/rewards/{id}/{approve,void,fulfil}` (and the forms that post there, wherever a reward shows) | [`reward_moves`] |
//! | `/dashboard/campaigns/{id}/conversions`, `/dashboard/conversions/{id}/refund` | [`conversions`] |
//! | `/dashboard/campaigns/{id}/payouts…` (due balances, the payouts, their CSV), `/dashboard/payouts/{id}/paid`, `…/fail` | [`payouts`] |
//! | `/dashboard/campaigns/{id}/emails…` (the email log, a failed email sent again) | [`emails`] |
//! | `/dashboard/campaigns/{id}/fraud` (the rules in words, their dry run, saving), `/dashboard/participants/{id}/{block,unblock}` | [`fraud`] |
//! | `/dashboard/campaigns/{id}/participants`, `/dashboard/participants/{id}` | [`participants`] |
//! | `/dashboard/participants/{id}/promo-codes…` (and the section of the participant's page) | [`promo_codes`] |
//! | `/dashboard/campaigns/{id}/stats` (and the brand page's charts) | [`stats`], drawn by [`charts`] |
//! | `/dashboard/campaigns/{id}/analytics` (and `.csv`), `/dashboard/brands/{id}/analytics` | [`analytics`], drawn by [`charts`] |
//! | `/dashboard/campaigns/{id}/coupons` (the pool and uploads) | [`coupons`] |
//! | `/dashboard/campaigns/{id}/preview…` (the widget as edited, live) | [`preview`] |
//! | `/dashboard/webhooks…` (settings, secret, test, delivery log, retry) | [`webhooks`] |
//! | `/dashboard/assets/…` | the stylesheet and script, from `assets/` |
//!
//! The page shell and failures are in [`page`], posted forms in [`form`].

pub mod account;
pub mod brands;
pub mod campaign_body;
pub mod campaign_form;
pub mod campaign_texts;
pub mod campaign_values;
pub mod campaigns;
pub mod charts;
pub mod commission_form;
pub mod conversions;
pub mod coupons;
pub mod domain_proof;
pub mod email_confirmation;
pub mod emails;
pub mod form;
pub mod fraud;
pub mod lander;
pub mod page;
mod participant_money;
pub mod participants;
pub mod password_reset;
pub mod payouts;
pub mod preview;
pub mod programme;
pub mod promo_codes;
pub mod review;
pub mod reward_filter;
pub mod reward_moves;

pub mod analytics;
pub mod rewards;
pub mod scoped_keys;
pub mod session;
pub mod sources;
pub mod stats;
pub mod webhooks;

use actix_web::web;

/// The stylesheet.
const CSS: &str = include_str!("assets/dashboard.css");
/// The script: copy buttons and upload progress.
const JS: &str = include_str!("assets/dashboard.js");

/// The icon every page of ours names (and browsers ask for at `/favicon.ico`).
const FAVICON: &str = include_str!("assets/favicon.svg");

/// `GET /`: a person's browser (one that asks for HTML) is sent to the dashboard; anything
/// else gets the API's 404 in the envelope, as any unknown path does.
async fn site_root(req: actix_web::HttpRequest) -> Result<actix_web::HttpResponse, crate::http::ApiError> {
    let wants_page = req
        .headers()
        .get(actix_web::http::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"));
    if wants_page {
        Ok(page::see_other("/dashboard"))
    } else {
        crate::http::fallback::not_found().await
    }
}

/// Registers the dashboard under `/dashboard`, with the site root's redirect and the icon.
/// Its routes are pages, so they are not recorded for the OpenAPI document (see
/// `http::routes`), and everything under the scope that matches no route is an HTML 404.
pub fn configure(cfg: &mut web::ServiceConfig) {
    use web::{get, post, resource};
    let not_found = || async { Err::<actix_web::HttpResponse, _>(page::PageError::not_found("page")) };
    let icon = || async { crate::http::site::page::asset("image/svg+xml", FAVICON) };
    cfg.service(resource("/").route(get().to(site_root)))
        .service(resource("/favicon.ico").route(get().to(icon)))
        .service(resource("/favicon.svg").route(get().to(icon)));
    cfg.service(
        web::scope("/dashboard")
            .app_data(web::PathConfig::default().error_handler(|_, _| page::PageError::not_found("page").into()))
            .app_data(web::QueryConfig::default().error_handler(|_, _| page::PageError::not_found("page").into()))
            .service(resource("").route(get().to(account::home)))
            .service(resource("/").route(get().to(account::home)))
            .service(
                resource("/assets/dashboard.css")
                    .route(get().to(|| async { crate::http::site::page::asset("text/css; charset=utf-8", CSS) })),
            )
            .service(
                resource("/assets/dashboard.js")
                    .route(get().to(|| async { crate::http::site::page::asset("text/javascript; charset=utf-8", JS) })),
            )
            .service(resource("/register").route(get().to(account::register_page)).route(post().to(account::register)))
            .service(resource("/sign-in").route(get().to(account::sign_in_page)).route(post().to(account::sign_in)))
            .service(resource("/sign-out").route(post().to(account::sign_out)))
            .service(
                resource("/password-reset")
                    .route(get().to(password_reset::ask_page))
                    .route(post().to(password_reset::ask)),
            )
            .service(
                resource("/confirm-email/{token}")
                    .route(get().to(email_confirmation::ask))
                    .route(post().to(email_confirmation::confirm)),
            )
            .service(
                resource("/password-reset/new")
                    .route(get().to(password_reset::choose_page))
                    .route(post().to(password_reset::choose)),
            )
            .service(resource("/account").route(get().to(account::account)))
            .service(resource("/account/api-key").route(post().to(account::generate_key)))
            .service(resource("/account/api-keys").route(post().to(scoped_keys::create)))
            .service(resource("/account/api-keys/{id}/revoke").route(post().to(scoped_keys::revoke)))
            .service(resource("/account/invite").route(post().to(account::invite)))
            .service(resource("/account/confirm-email").route(post().to(account::send_confirmation)))
            .service(resource("/account/password").route(post().to(account::change_password)))
            .service(resource("/brands").route(get().to(brands::list)).route(post().to(brands::create)))
            .service(resource("/brands/{id}").route(get().to(brands::show)).route(post().to(brands::save)))
            .service(resource("/brands/{id}/domain-proof").route(post().to(domain_proof::check_brand)))
            .service(resource("/brands/{id}/sources/{source}").route(post().to(sources::save)))
            .service(
                resource("/brands/{id}/delete")
                    .route(get().to(brands::confirm_delete))
                    .route(post().to(brands::delete)),
            )
            .service(resource("/brands/{id}/campaigns/new").route(get().to(campaigns::new)))
            .service(resource("/brands/{id}/campaigns").route(post().to(campaigns::create)))
            .service(resource("/campaigns/{id}").route(get().to(campaigns::show)))
            .service(
                resource("/campaigns/{id}/edit").route(get().to(campaigns::edit)).route(post().to(campaigns::save)),
            )
            .service(
                resource("/campaigns/{id}/delete")
                    .route(get().to(campaigns::confirm_delete))
                    .route(post().to(campaigns::delete)),
            )
            .service(resource("/campaigns/{id}/lander").route(get().to(lander::show)).route(post().to(lander::save)))
            .service(resource("/campaigns/{id}/lander/preview").route(get().to(lander::preview)))
            .service(resource("/campaigns/{id}/waitlist/admit").route(post().to(programme::admit)))
            .service(resource("/review").route(get().to(review::overview)))
            .service(
                resource("/campaigns/{id}/review").route(get().to(review::campaign)).route(post().to(review::decide)),
            )
            .service(resource("/campaigns/{id}/rewards").route(get().to(rewards::list)))
            .service(
                resource("/campaigns/{id}/conversions")
                    .route(get().to(conversions::list))
                    .route(post().to(conversions::create)),
            )
            .service(resource("/conversions/{id}/refund").route(post().to(conversions::refund)))
            .service(
                resource("/campaigns/{id}/payouts").route(get().to(payouts::list)).route(post().to(payouts::request)),
            )
            .service(resource("/campaigns/{id}/payouts.csv").route(get().to(payouts::csv)))
            .service(resource("/campaigns/{id}/payouts/paid").route(post().to(payouts::batch_paid)))
            .service(resource("/payouts/{id}/{action}").route(post().to(payouts::act)))
            .service(resource("/campaigns/{id}/emails").route(get().to(emails::log)))
            .service(resource("/campaigns/{id}/emails/{email_id}/resend").route(post().to(emails::resend)))
            .service(resource("/campaigns/{id}/rewards.csv").route(get().to(rewards::csv)))
            .service(resource("/campaigns/{id}/participants.csv").route(get().to(rewards::participants_csv)))
            .service(resource("/rewards/{id}/{action}").route(post().to(reward_moves::act)))
            .service(resource("/campaigns/{id}/participants").route(get().to(participants::list)))
            .service(resource("/participants/{id}").route(get().to(participants::show)))
            .service(
                resource("/participants/{id}/block")
                    .route(get().to(fraud::confirm_block))
                    .route(post().to(fraud::block)),
            )
            .service(resource("/participants/{id}/domain-proof").route(post().to(domain_proof::check_participant)))
            .service(resource("/participants/{id}/unblock").route(post().to(fraud::unblock)))
            .service(resource("/participants/{id}/promo-codes").route(post().to(promo_codes::create)))
            .service(resource("/participants/{id}/promo-codes/{code}/disable").route(post().to(promo_codes::disable)))
            .service(resource("/campaigns/{id}/fraud").route(get().to(fraud::show)).route(post().to(fraud::decide)))
            .service(resource("/campaigns/{id}/stats").route(get().to(stats::campaign)))
            .service(resource("/campaigns/{id}/analytics").route(get().to(analytics::campaign)))
            .service(resource("/campaigns/{id}/analytics.csv").route(get().to(analytics::campaign_csv)))
            .service(resource("/brands/{id}/analytics").route(get().to(analytics::brand)))
            .service(resource("/campaigns/{id}/preview").route(get().to(preview::page)))
            .service(resource("/campaigns/{id}/preview.js").route(get().to(preview::script)))
            .service(resource("/campaigns/{id}/preview-frame").route(get().to(preview::frame)))
            .service(
                resource("/campaigns/{id}/coupons").route(get().to(coupons::show)).route(post().to(coupons::upload)),
            )
            .service(resource("/webhooks").route(get().to(webhooks::list)).route(post().to(webhooks::create)))
            .service(resource("/webhooks/{id}").route(get().to(webhooks::show)).route(post().to(webhooks::save)))
            .service(resource("/webhooks/{id}/secret").route(post().to(webhooks::new_secret)))
            .service(resource("/webhooks/{id}/test").route(post().to(webhooks::test)))
            .service(resource("/webhooks/{id}/deliveries/{event}/retry").route(post().to(webhooks::retry)))
            .service(
                resource("/webhooks/{id}/delete")
                    .route(get().to(webhooks::confirm_delete))
                    .route(post().to(webhooks::delete)),
            )
            .default_service(web::to(not_found)),
    );
}
