//! The public site outside the versioned API root: referral links now; the widget, tracker
//! script and landers join here. These endpoints need no credential.

pub mod referral_link;

use actix_web::web;

/// Registers the site's routes at the root.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(crate::http::resource("/r/{code}").get(referral_link::follow));
}
