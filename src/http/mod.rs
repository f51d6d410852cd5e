//! The HTTP layer: the route table, the envelope, errors, extractors and the handlers, one
//! module per resource. Handlers validate input, check ownership and send typed messages to
//! brand actors; they never touch sled directly.
//!
//! Where each endpoint lives (paths relative to both `/api/v1` and `/v1`):
//!
//! | path                    | module          |
//! |-------------------------|-----------------|
//! | `POST /auth/token`      | [`members`]     |
//! | `POST /members`         | [`members`]     |
//! | `GET /members/profile`  | [`members`]     |
//! | `GET/POST /members/api-key` | [`api_keys`] |
//! | `GET /billing/plans`    | [`billing`]     |

pub mod api_keys;
pub mod authenticated;
pub mod billing;
pub mod envelope;
pub mod error;
pub mod fallback;
pub mod json;
pub mod members;
pub mod request_id;
pub mod state;

use actix_web::{web, Resource};

pub use error::ApiError;
pub use state::AppState;

/// The two roots the same API is mounted under; they are identical.
pub const API_ROOTS: [&str; 2] = ["/api/v1", "/v1"];

/// Registers every route, the envelope-answering fallbacks and extractor error handlers.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::PathConfig::default().error_handler(fallback::path_error))
        .app_data(web::QueryConfig::default().error_handler(fallback::query_error));
    for root in API_ROOTS {
        cfg.service(web::scope(root).configure(api_v1));
    }
}

/// The versioned API, mounted once per root.
fn api_v1(cfg: &mut web::ServiceConfig) {
    cfg.service(resource("/auth/token").post(members::issue_token))
        .service(resource("/members").post(members::register))
        .service(resource("/members/profile").get(members::profile))
        .service(resource("/members/api-key").get(api_keys::current).post(api_keys::generate))
        .service(resource("/billing/plans").get(billing::plans));
}

/// A resource whose unsupported methods get a 405 in the envelope.
fn resource(path: &str) -> ResourceBuilder {
    ResourceBuilder(web::resource(path).default_service(web::to(fallback::method_not_allowed)))
}

/// Small builder so the route table reads as one line per path.
struct ResourceBuilder(Resource);

impl ResourceBuilder {
    fn get<F, Args>(self, handler: F) -> Self
    where
        F: actix_web::Handler<Args>,
        Args: actix_web::FromRequest + 'static,
        F::Output: actix_web::Responder + 'static,
    {
        Self(self.0.route(web::get().to(handler)))
    }

    fn post<F, Args>(self, handler: F) -> Self
    where
        F: actix_web::Handler<Args>,
        Args: actix_web::FromRequest + 'static,
        F::Output: actix_web::Responder + 'static,
    {
        Self(self.0.route(web::post().to(handler)))
    }
}

impl actix_web::dev::HttpServiceFactory for ResourceBuilder {
    fn register(self, config: &mut actix_web::dev::AppService) {
        self.0.register(config)
    }
}
