//! `referrals`: a self-hostable referral-program service.
//!
//! Members register brands (websites), run referral campaigns on them, sign participants up,
//! record who referred whom and hand out rewards exactly once when a goal is met.
//!
//! # Layout
//!
//! - [`domain`]: pure types and rules (validated newtypes, pagination, plans) and the
//!   referral [`domain::engine`] that decides every signup, visit and upload; no I/O.
//! - [`store`]: the storage interface (one async trait per concern, and the session the
//!   engine decides against) and its backends, the embedded sled database and PostgreSQL,
//!   which nothing outside the store names but the configuration's choice between them.
//! - [`auth`]: the server secret, password hashing, JWTs, sealed API keys.
//! - [`actors`]: one `BrandActor` per brand (the one serialiser of its decisions) and the registry.
//! - [`views`]: the JSON shapes of brands, campaigns, participants and rewards, as the API
//!   answers them and webhook payloads carry them.
//! - [`http`]: routes, the envelope and error table, extractors, handlers by resource; and
//!   [`http::site`], the public site outside the API root (referral links, the widget, the
//!   tracker and its click endpoint, landers).
//! - [`webhooks`]: the dispatcher that delivers webhook events, and its egress check.
//! - [`emails`]: the mailer that sends participants' emails from the outbox, over SMTP.
//! - [`config`], [`startup`], [`telemetry`]: configuration layering, building and running
//!   the server, logs. [`metrics`]: the Prometheus metrics `GET /metrics` serves on its own
//!   address. [`faults`]: failures a test can switch on.
//!
//! Each module names only the layers below it (`domain` nothing, `store` only `domain`, …);
//! `tests/layers.rs` holds the table and fails on a wrong-way `crate::…` path.

pub mod actors;
pub mod auth;
pub mod config;
pub mod domain;
pub mod emails;
pub mod faults;
pub mod http;
pub mod mcp;
pub mod metrics;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod views;
pub mod webhooks;
