//! Integration tests: every test starts the real `referrals-server` binary on a free port
//! with its own temporary data directory and talks to it over HTTP.

mod admin;
mod auth;
mod billing;
mod blocking;
mod brands;
mod campaigns;
mod contract;
mod conversions;
mod dashboard;
mod dashboard_settings;
mod data_rights;
mod digests;
mod durability;
mod emails;
mod exports;
mod fraud;
mod fraud_preview;
mod helpers;
mod hostile_input;
mod identity;
mod leaderboards;
mod lifecycle;
mod limits;
mod members;
mod metrics;
mod plan_limits;
mod postgres_outage;
#[path = "../common/postgres_server.rs"]
mod postgres_server;
mod queries;
mod receiver;
mod referral_links;
mod reward_events;
mod rewards;
mod roots;
mod signups;
mod site;
mod smtp_sink;
mod stripe;
mod tenant_isolation;
mod tiers;
mod two_servers;
mod waitlist;
mod webhooks;
mod widget_signup;
