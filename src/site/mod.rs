//! The public site outside the versioned API root: referral links and the widget's signup;
//! the widget script, tracker and landers join here. These endpoints need no credential.

pub mod referral_link;
pub mod widget_signup;

use actix_web::web;

use crate::http::rate_limit::PublicLimit;

/// Registers the site's routes at the root.
pub fn configure(cfg: &mut web::ServiceConfig, public_limit: &PublicLimit) {
    cfg.service(crate::http::resource("/r/{code}").get(referral_link::follow));
    // Called from pages on any origin: CORS for all (no cookies), and a per-address limit.
    // CORS is outermost so a 429 is readable by the calling page too.
    let cors = actix_cors::Cors::default()
        .allow_any_origin()
        .allowed_methods(["POST"])
        .allowed_header(actix_web::http::header::CONTENT_TYPE)
        .max_age(3600);
    cfg.service(
        web::scope("/api/widget")
            .wrap(actix_governor::Governor::new(public_limit))
            .wrap(cors)
            .service(crate::http::resource("/signup").post(widget_signup::signup)),
    );
}
