//! The HTTP layer: the route table, the envelope, errors, extractors and the handlers, one
//! module per resource. Handlers validate input, check ownership and send typed messages to
//! brand actors; they reach storage only through its traits.
//!
//! Where each endpoint lives (paths relative to both `/api/v1` and `/v1`):
//!
//! | path                    | module          |
//! |-------------------------|-----------------|
//! | `POST /auth/token`      | [`members`]     |
//! | `POST /members`         | [`members`]     |
//! | `GET /members/profile`  | [`members`]     |
//! | `POST /members/password` | [`password_change`] |
//! | `GET/POST /members/api-key` | [`api_keys`] |
//! | `GET/POST /members/api-keys`, `DELETE /members/api-keys/{id}` (scoped keys) | [`scoped_keys`] |
//! | `GET /billing/plans`    | [`billing`]     |
//! | `GET /health`           | [`health`]      |
//! | `/brands`, `/brands/:id`, `/brands/:id/stats` | [`brands`] |
//! | `/brands/:id/stripe` | [`stripe`] (deliveries: [`site::stripe`]) |
//! | `/brands/:id/domain-proof`, `/participants/:id/domain-proof` | [`domain_proofs`] |
//! | `/campaigns`, `/campaigns/:id`, `/campaigns/:id/stats`, `/campaigns/:id/coupons` | [`campaigns`] |
//! | `GET /campaigns/:id/emails` (the delivery log of participants' emails) | [`emails`] |
//! | `/campaigns/:id/participants.csv`, `/campaigns/:id/rewards.csv` | [`exports`] |
//! | `POST /campaigns/:id/fraud/preview` (the dry run of proposed fraud rules) | [`fraud`] |
//! | `POST /campaigns/:id/commission/preview` (a commission rule replayed on stored invoices) | [`commission_preview`] |
//! | `GET /campaigns/:id/leaderboard`, `GET /campaigns/:id/contest`, `GET /api/widget/leaderboard` | [`leaderboards`] |
//! | `GET /campaigns/:id/waitlist`, `POST /campaigns/:id/waitlist/admit` | [`waitlist`] |
//! | `/participants`, `/participants/:id`, `/participants/:id/invites`, `/participants/:id/block` | [`participants`] |
//! | `GET /participants/:id/export`, `DELETE /participants/:id` | [`data_rights`] |
//! | `POST /campaigns/:id/payouts`, `GET /campaigns/:id/payouts.csv`, `/payouts`, `/payouts/:id`, `…/paid`, `…/fail`, `/participants/:id/payout-details`, `GET /participants/:id/balance` | [`payouts`] |
//! | `POST /signups`, `POST /signups/referral` | [`signups`] |
//! | `/webhooks`, `/webhooks/:id`, `…/secret`, `…/test`, `…/deliveries`, `…/deliveries/:event_id/retry` | [`webhooks`] |
//! | `/automation/auth`, `/automation/contacts`, `/automation/subscribe` | [`automation`] |
//!
//! | `POST /participants/:id/portal-link` | [`portal::link`] |
//!
//! The public site (referral links, the widget and tracker) is in [`crate::http::site`]; the
//! participant portal (`/p/{campaign_id}`) in [`crate::http::portal`]; the member
//! dashboard's pages are in [`crate::http::dashboard`].

pub mod admin;
pub mod answers;
pub mod api_keys;
pub(crate) mod attribution;
pub mod authenticated;
pub mod automation;
pub mod billing;
pub mod body_deadline;
pub mod brands;
pub mod campaigns;
pub mod client;
pub mod code;
pub mod commission_preview;
pub mod conversions;
pub mod dashboard;
pub mod data_rights;
pub mod domain_proofs;
pub mod email_confirmation;
pub mod emails;
pub mod envelope;
pub mod error;
pub mod exchange_rates;
pub mod exports;
pub mod fallback;
pub mod fraud;
pub mod health;
pub mod idempotency;
pub mod json;
pub mod landers;
pub mod language;
pub mod leaderboards;
pub mod mcp;
pub mod members;
pub mod openapi;
pub mod ownership;
pub mod participants;
pub mod password_change;
pub mod payouts;
pub mod portal;
pub mod promo_codes;
pub mod query;
pub mod rate_limit;
mod raw_body;
pub mod registration;
pub mod request_id;
pub mod rewards;
pub mod routes;

pub mod analytics;
pub mod scoped_keys;
pub mod signups;
pub mod site;
pub mod sources;
pub mod state;
pub mod stripe;
pub mod virality;
pub mod waitlist;
pub mod webhooks;

use actix_web::{web, Resource};

pub use code::Code;
pub use error::ApiError;
pub use state::AppState;

/// The two roots the same API is mounted under; they are identical.
pub const API_ROOTS: [&str; 2] = ["/api/v1", "/v1"];

/// Registers every route, the envelope-answering fallbacks and extractor error handlers; the
/// admin API only when `admin_enabled`.
pub fn configure(cfg: &mut web::ServiceConfig, admin_enabled: bool, public_limits: &rate_limit::PublicLimits) {
    cfg.app_data(web::PathConfig::default().error_handler(fallback::path_error))
        .app_data(web::QueryConfig::default().error_handler(fallback::query_error));
    for root in API_ROOTS {
        routes::under(root, || cfg.service(web::scope(root).configure(|cfg| api_v1(cfg, public_limits))));
    }
    crate::http::site::configure(cfg, public_limits);
    portal::configure(cfg, public_limits);
    dashboard::configure(cfg);
    admin::configure(cfg, admin_enabled);
    // Not through `resource`: a protocol's endpoint, outside the OpenAPI document (`mcp.rs`).
    cfg.service(
        web::resource("/mcp")
            .app_data(web::PayloadConfig::new(mcp::MOST_BYTES))
            .route(web::get().to(mcp::endpoint))
            .route(web::post().to(mcp::endpoint))
            .route(web::delete().to(mcp::endpoint)),
    );
}

/// The versioned API, mounted once per root. Its public endpoints (no credential) are limited
/// per client address like page views; sign-in is also limited per address and email, and
/// authenticated writes per member (see `rate_limit.rs`).
fn api_v1(cfg: &mut web::ServiceConfig, limits: &rate_limit::PublicLimits) {
    use actix_web::http::Method;
    use routes::limited;
    // Static paths first: actix tries resources in order, a static path is a string compare
    // and a path with a parameter a regex, so the busiest writes (signups) would otherwise
    // pay for every regex above them. No pattern here matches another's static path (a
    // test in `routes.rs` says so), so the order changes no match.
    // Sign-in has its own limits, per address and email and per address (in the handler).
    cfg.service(resource("/auth/token").post(members::issue_token))
        .service(limited("/members", &limits.views, [route(Method::POST, members::register)]))
        .service(resource("/members/profile").get(members::profile))
        .service(resource("/members/password").post(password_change::change_password))
        .service(resource("/members/invitations").post(registration::member_invites))
        .service(resource("/members/api-key").get(api_keys::current).post(api_keys::generate))
        .service(resource("/members/api-keys").get(scoped_keys::list).post(scoped_keys::create))
        .service(resource("/members/api-keys/{id}").delete(scoped_keys::revoke))
        .service(limited("/billing/plans", &limits.views, [route(Method::GET, billing::plans)]))
        .service(resource("/openapi.json").get(openapi::document))
        .service(resource("/health").get(health::health))
        .service(resource("/brands").get(brands::list).post(brands::create))
        .service(resource("/campaigns").get(campaigns::list).post(campaigns::create))
        .service(resource("/participants").get(participants::list))
        .service(resource("/conversions").get(conversions::list).post(conversions::create))
        .service(resource("/exchange-rates").get(exchange_rates::list).put(exchange_rates::put))
        .service(resource("/rewards").get(rewards::list))
        .service(resource("/payouts").get(payouts::list))
        .service(resource("/signups").post(signups::signup))
        .service(resource("/signups/referral").post(signups::referral_signup))
        .service(resource("/webhooks").get(webhooks::list).post(webhooks::create))
        .service(resource("/automation/auth").post(automation::auth))
        .service(resource("/automation/contacts").get(automation::contacts))
        .service(resource("/automation/rewards").get(automation::rewards))
        .service(resource("/automation/subscribe").post(automation::subscribe))
        .service(resource("/lander").get(landers::get).put(landers::put))
        .service(resource("/brands/{id}").get(brands::get).put(brands::update).delete(brands::delete))
        .service(resource("/brands/{id}/stats").get(brands::stats))
        .service(
            resource("/brands/{id}/domain-proof").get(domain_proofs::brand_status).post(domain_proofs::brand_check),
        )
        .service(resource("/brands/{id}/stripe").get(stripe::get).put(stripe::put).delete(stripe::delete))
        .service(
            resource("/brands/{id}/paddle")
                .get(sources::get_paddle)
                .put(sources::put_paddle)
                .delete(sources::delete_paddle),
        )
        .service(
            resource("/brands/{id}/shopify")
                .get(sources::get_shopify)
                .put(sources::put_shopify)
                .delete(sources::delete_shopify),
        )
        .service(resource("/campaigns/{id}").get(campaigns::get).put(campaigns::update).delete(campaigns::delete))
        .service(resource("/campaigns/{id}/stats").get(campaigns::stats))
        .service(resource("/campaigns/{id}/coupons").get(campaigns::coupons).post(campaigns::upload_coupons))
        .service(resource("/campaigns/{id}/emails").get(emails::log))
        .service(resource("/campaigns/{id}/emails/{email_id}/resend").post(emails::resend))
        .service(resource("/campaigns/{id}/participants.csv").get(exports::participants))
        .service(resource("/campaigns/{id}/rewards.csv").get(exports::rewards))
        .service(resource("/campaigns/{id}/fraud/preview").post(fraud::preview))
        .service(resource("/campaigns/{id}/commission/preview").post(commission_preview::commission_preview))
        .service(resource("/campaigns/{id}/leaderboard").get(leaderboards::leaderboard))
        .service(resource("/campaigns/{id}/contest").get(leaderboards::contest))
        .service(resource("/campaigns/{id}/waitlist").get(waitlist::get))
        .service(resource("/campaigns/{id}/virality").get(virality::get))
        .service(resource("/campaigns/{id}/analytics").get(analytics::get))
        .service(resource("/campaigns/{id}/analytics.csv").get(analytics::get))
        .service(resource("/campaigns/{id}/waitlist/admit").post(waitlist::admit))
        .service(resource("/campaigns/{id}/payouts").post(payouts::request))
        .service(resource("/campaigns/{id}/payouts.csv").get(payouts::csv))
        .service(resource("/participants/{id}").get(participants::get).delete(data_rights::erase))
        .service(resource("/participants/{id}/export").get(data_rights::export))
        .service(
            resource("/participants/{id}/domain-proof")
                .get(domain_proofs::participant_status)
                .post(domain_proofs::participant_check),
        )
        .service(resource("/participants/{id}/invites").post(participants::invite))
        .service(resource("/participants/{id}/balance").get(payouts::balance))
        .service(resource("/participants/{id}/portal-link").post(portal::link::create))
        .service(
            resource("/participants/{id}/payout-details")
                .get(payouts::details)
                .put(payouts::put_details)
                .delete(payouts::delete_details),
        )
        .service(resource("/participants/{id}/block").post(participants::block).delete(participants::unblock))
        .service(resource("/participants/{id}/promo-codes").get(promo_codes::list).post(promo_codes::create))
        .service(resource("/participants/{id}/promo-codes/{code}").delete(promo_codes::disable))
        .service(resource("/conversions/{id}").get(conversions::get))
        .service(resource("/conversions/{id}/refund").post(conversions::refund))
        .service(resource("/rewards/{id}").get(rewards::get))
        .service(resource("/rewards/{id}/approve").post(rewards::approve))
        .service(resource("/rewards/{id}/void").post(rewards::void))
        .service(resource("/rewards/{id}/fulfil").post(rewards::fulfil))
        .service(resource("/payouts/{id}").get(payouts::get))
        .service(resource("/payouts/{id}/paid").post(payouts::paid))
        .service(resource("/payouts/{id}/fail").post(payouts::fail))
        .service(resource("/webhooks/{id}").put(webhooks::update).delete(webhooks::delete))
        .service(resource("/webhooks/{id}/secret").post(webhooks::rotate_secret))
        .service(resource("/webhooks/{id}/test").post(webhooks::test))
        .service(resource("/webhooks/{id}/deliveries").get(webhooks::deliveries))
        .service(resource("/webhooks/{id}/deliveries/{event_id}/retry").post(webhooks::retry))
        .service(resource("/automation/subscribe/{id}").delete(automation::unsubscribe));
}

/// A resource whose unsupported methods get a 405 in the envelope.
pub fn resource(path: &str) -> ResourceBuilder {
    ResourceBuilder(web::resource(path).default_service(web::to(routes::method_not_allowed)), path.to_owned())
}

/// Small builder so the route table reads as one line per path. It records every route in
/// [`routes`].
pub struct ResourceBuilder(Resource, String);

macro_rules! method {
    ($name:ident, $method:ident) => {
        pub fn $name<F, Args>(self, handler: F) -> Self
        where
            F: actix_web::Handler<Args>,
            Args: actix_web::FromRequest + 'static,
            F::Output: actix_web::Responder + 'static,
        {
            let (method, route) = route(actix_web::http::Method::$method, handler);
            routes::record(&method, &self.1);
            Self(self.0.route(route), self.1)
        }
    };
}

impl ResourceBuilder {
    method!(get, GET);
    method!(post, POST);
    method!(put, PUT);
    method!(delete, DELETE);
}

/// A route of `method` to `handler`, with its method, for [`routes::limited`].
pub fn route<F, Args>(method: actix_web::http::Method, handler: F) -> (actix_web::http::Method, actix_web::Route)
where
    F: actix_web::Handler<Args>,
    Args: actix_web::FromRequest + 'static,
    F::Output: actix_web::Responder + 'static,
{
    (method.clone(), web::method(method).to(handler))
}

impl actix_web::dev::HttpServiceFactory for ResourceBuilder {
    fn register(self, config: &mut actix_web::dev::AppService) {
        self.0.register(config)
    }
}
