//! The participant portal: a participant's own page on the public site, in the brand's look,
//! to come back to their referral link, the people they referred, their rewards and their
//! payouts (`domain::portal` has the passes that let them in).
//!
//! | Path | Module |
//! |---|---|
//! | `GET /p/{id}` | [`home`] (signed out: the sign-in form) |
//! | `POST /p/{id}/sign-in`, `GET\|POST /p/{id}/enter/{secret}`, `POST /p/{id}/sign-out` | [`sign_in`] |
//! | `POST /p/{id}/payout-details` | [`details`] |
//! | `POST /p/{id}/promo-code` | [`promo_code`] |
//! | `GET /p/{id}/qr.svg` | [`qr`] |
//! | `POST /api/v1/participants/{id}/portal-link` (member API) | [`link`] |
//! | cookies, passes, form checks | [`access`]; the page shell and refusals: [`pages`] |

pub mod access;
pub mod details;
pub mod home;
pub mod link;
pub mod pages;
pub mod promo_code;
pub mod qr;
pub mod sign_in;

use actix_web::http::Method;
use actix_web::web;

use crate::http::rate_limit::PublicLimits;
use crate::http::routes::limited;
use crate::http::site::page::asset;
use crate::http::{resource, route};

/// The portal's styles (served at `/assets/portal.css`).
pub const PORTAL_CSS: &str = include_str!("assets/portal.css");
/// The portal's script: the copy and share buttons (served at `/assets/portal.js`).
pub const PORTAL_JS: &str = include_str!("assets/portal.js");

/// Registers the portal's pages at the root. Pages are limited per address like page views,
/// forms like public writes; sign-in links also per email (`sign_in.rs`).
pub fn configure(cfg: &mut web::ServiceConfig, limits: &PublicLimits) {
    let (css, js) = ("text/css; charset=utf-8", "text/javascript; charset=utf-8");
    cfg.service(resource("/assets/portal.css").get(move || async move { asset(css, PORTAL_CSS) }))
        .service(resource("/assets/portal.js").get(move || async move { asset(js, PORTAL_JS) }))
        .service(limited("/p/{id}", &limits.views, [route(Method::GET, home::show)]))
        .service(limited("/p/{id}/qr.svg", &limits.views, [route(Method::GET, qr::svg)]))
        .service(limited("/p/{id}/sign-in", &limits.writes, [route(Method::POST, sign_in::request)]))
        .service(limited("/p/{id}/sign-out", &limits.writes, [route(Method::POST, sign_in::sign_out)]))
        .service(limited("/p/{id}/payout-details", &limits.writes, [route(Method::POST, details::save)]))
        .service(limited("/p/{id}/promo-code", &limits.writes, [route(Method::POST, promo_code::ask)]))
        .service(limited(
            "/p/{id}/enter/{secret}",
            &limits.writes,
            [route(Method::GET, sign_in::confirm), route(Method::POST, sign_in::enter)],
        ));
}
