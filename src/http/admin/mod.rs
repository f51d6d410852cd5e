//! The admin API under `/admin/v1`: what an operator does with `refctl`. It exists only when
//! an admin token is configured (otherwise the whole scope is a 404), and every request
//! needs `Authorization: Bearer <admin token>`, compared in constant time.
//!
//! | path | what |
//! |---|---|
//! | `GET/POST /members`, `GET /members/:id` | list (`?search=`), create, show |
//! | `POST /invitations` | an invitation to register (`refctl members invite`) |
//! | `PUT /members/:id/plan`, `POST /members/:id/disable`, `POST /members/:id/enable` | plan and access |
//! | `POST /members/:id/exchange-rates` | import the ECB's CSV of reference rates as the member's |
//! | `GET/POST /members/:id/api-key` | key prefix and date; generate a key |
//! | `GET/POST /plans`, `PUT/DELETE /plans/:id` | plans (a plan with members cannot be deleted) |
//! | `PUT/DELETE /brands/:id/token-network` | link a brand to a token network, or unlink it |
//! | `POST /brands/:id/domain-proof`, `POST /participants/:id/domain-proof` | vouch for a brand's or a partner site's domain |
//! | `POST /campaigns/:id/coupons` | streamed coupon import (CSV or one code a line) |
//! | `GET /brands/:id/participants.csv`, `GET /brands/:id/rewards.csv` | a brand's CSV exports, streamed |
//! | `GET /backup` | a consistent snapshot of the whole database, streamed |

mod backup;
mod coupons;
mod domain_proofs;
mod exchange_rates;
mod exports;
pub(crate) mod members;
pub(crate) mod plans;
mod token;

use actix_web::web;

pub use token::AdminToken;

/// Registers the admin scope when a token is configured.
pub fn configure(cfg: &mut web::ServiceConfig, enabled: bool) {
    if !enabled {
        return;
    }
    use crate::http::resource;
    crate::http::routes::under("/admin/v1", || {
        cfg.service(
            web::scope("/admin/v1")
                .service(resource("/members").get(members::list).post(members::create))
                .service(resource("/members/{id}").get(members::show))
                .service(resource("/invitations").post(members::invite))
                .service(resource("/members/{id}/plan").put(members::set_plan))
                .service(resource("/members/{id}/exchange-rates").post(exchange_rates::import))
                .service(resource("/members/{id}/disable").post(members::disable))
                .service(resource("/members/{id}/enable").post(members::enable))
                .service(resource("/members/{id}/api-key").get(members::key).post(members::generate_key))
                .service(resource("/plans").get(plans::list).post(plans::create))
                .service(resource("/plans/{id}").put(plans::update).delete(plans::delete))
                .service(resource("/campaigns/{id}/coupons").post(coupons::import))
                .service(resource("/backup").get(backup::backup))
                .service(resource("/brands/{id}/domain-proof").post(domain_proofs::brand))
                .service(resource("/participants/{id}/domain-proof").post(domain_proofs::participant))
                .service(resource("/brands/{id}/participants.csv").get(exports::participants))
                .service(resource("/brands/{id}/rewards.csv").get(exports::rewards))
                .service(
                    resource("/brands/{id}/token-network")
                        .put(plans::link_token_network)
                        .delete(plans::unlink_token_network),
                ),
        )
    });
}
