//! The public site outside the versioned API root. None of it needs a credential.
//!
//! | Path | Module |
//! |---|---|
//! | `GET /r/{code}` | [`referral_link`] |
//! | `GET /widget.js`, `GET /widget/{id}/embed`, `POST /api/widget/impression`, `POST /api/widget/share`, `GET /api/widget/progress` | [`widget`] |
//! | `POST /api/widget/signup` | [`widget_signup`] |
//! | `GET /referral.js`, `GET\|POST /api/click` | [`click`] (the script is `assets/referral.js`) |
//! | `GET /l/{id}` | [`lander`] |
//! | `POST /hooks/stripe/{brand_id}` | [`stripe`] (Stripe's deliveries, signed) |
//! | `POST /hooks/shopify/{brand_id}` | [`shopify`] (Shopify's deliveries, signed) |
//! | `POST /hooks/paddle/{brand_id}` | [`paddle`] (Paddle Billing's deliveries, signed) |
//! | `GET\|POST /unsubscribe/{token}` | [`unsubscribe`] (the link in participants' emails) |
//! | `GET /assets/…` | the frame's and lander's scripts and styles, from `assets/` |

pub mod click;
pub mod frame_texts;
pub mod lander;
pub mod paddle;
pub mod page;
pub mod referral_link;
mod sales;
pub mod shopify;
pub mod stripe;
pub mod unsubscribe;
pub mod widget;
pub mod widget_leaderboard;
pub mod widget_signup;

use actix_web::http::header;
use actix_web::web;

use crate::http::rate_limit::PublicLimits;
use crate::http::routes::limited;
use crate::http::{resource, route};
use actix_web::http::Method;

/// The tracker script.
pub const REFERRAL_JS: &str = include_str!("assets/referral.js");

/// Registers the site's routes at the root.
pub fn configure(cfg: &mut web::ServiceConfig, limits: &PublicLimits) {
    // Called from pages on any origin: CORS for all (no cookies). CORS is outermost so a 429
    // is readable by the calling page too.
    let cors = || {
        actix_cors::Cors::default()
            .allow_any_origin()
            .allowed_methods(["GET", "POST"])
            .allowed_header(header::CONTENT_TYPE)
            .max_age(3600)
    };
    let js = "text/javascript; charset=utf-8";
    let css = "text/css; charset=utf-8";
    cfg.service(resource("/r/{code}").get(referral_link::follow))
        // Signed by Stripe; see the module for why it has no per-address limit.
        .service(resource("/hooks/stripe/{brand_id}").post(stripe::receive))
        .service(resource("/hooks/shopify/{brand_id}").post(shopify::receive))
        .service(resource("/hooks/paddle/{brand_id}").post(paddle::receive))
        // Compiled-in assets: no store behind them, so no limit.
        .service(resource("/referral.js").get(move || async move { page::asset(js, REFERRAL_JS) }))
        .service(resource("/assets/frame.js").get(move || async move { page::asset(js, widget::FRAME_JS) }))
        .service(resource("/assets/frame.css").get(move || async move { page::asset(css, widget::FRAME_CSS) }))
        .service(resource("/assets/lander.js").get(move || async move { page::asset(js, lander::LANDER_JS) }))
        .service(resource("/assets/lander.css").get(move || async move { page::asset(css, lander::LANDER_CSS) }))
        // What a page view calls.
        .service(limited("/widget.js", &limits.views, [route(Method::GET, widget::script)]).wrap(cors()))
        .service(limited("/widget/{id}/embed", &limits.views, [route(Method::GET, widget::frame)]).wrap(cors()))
        .service(limited("/l/{id}", &limits.views, [route(Method::GET, lander::page)]).wrap(cors()))
        .service(limited(
            "/unsubscribe/{token}",
            &limits.views,
            [route(Method::GET, unsubscribe::confirm), route(Method::POST, unsubscribe::unsubscribe)],
        ))
        .service(
            limited("/api/click", &limits.click, [route(Method::GET, click::get), route(Method::POST, click::post)])
                .wrap(cors()),
        )
        .service(
            limited("/api/widget/impression", &limits.views, [route(Method::POST, widget::impression)]).wrap(cors()),
        )
        .service(limited("/api/widget/progress", &limits.views, [route(Method::GET, widget::progress)]).wrap(cors()))
        .service(limited("/api/widget/reward", &limits.views, [route(Method::GET, widget::reward)]).wrap(cors()))
        .service(
            limited("/api/widget/leaderboard", &limits.views, [route(Method::GET, widget_leaderboard::public)])
                .wrap(cors()),
        )
        .service(
            limited("/api/widget/signup", &limits.writes, [route(Method::POST, widget_signup::signup)]).wrap(cors()),
        )
        .service(limited("/api/widget/share", &limits.writes, [route(Method::POST, widget::share)]).wrap(cors()))
        .service(limited("/api/widget/landing", &limits.views, [route(Method::POST, widget::landing)]).wrap(cors()));
}
