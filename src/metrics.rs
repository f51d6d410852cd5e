//! Operational metrics in the Prometheus text format, served by `GET /metrics` on
//! `[server] metrics_bind` only (off by default; see `startup.rs`), never on the public port.
//!
//! One registry per process, filled from where things happen: the request middleware
//! (`http::request_id`), the brand actors (what their decisions announced), the group commit
//! (commit and flush latency), the PostgreSQL pool (connections open and in use) and the
//! webhook dispatcher (queue depth, attempts). Counting is
//! an atomic add or a short lock per event; nothing here touches the store.
//!
//! Labels are bounded: routes are patterns (`/api/v1/campaigns/{id}`), never paths, and a
//! method outside the standard ones is `OTHER`, so an attacker cannot grow the registry with
//! made-up URLs or methods; unmatched requests share one route label.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

/// The content type of [`render`]'s text (OpenMetrics, which Prometheus scrapes).
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: &'static str,
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct EventLabels {
    event: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

/// Latency buckets from 0.1 ms to about 6.5 s, doubling.
fn latency() -> Histogram {
    Histogram::new(exponential_buckets(0.0001, 2.0, 17))
}

struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    request_seconds: Family<RouteLabels, Histogram, fn() -> Histogram>,
    events: Family<EventLabels, Counter>,
    commit_seconds: Histogram,
    flush_seconds: Histogram,
    flush_writes: Histogram,
    transaction_decisions: Histogram,
    webhook_queue: Gauge,
    webhook_attempts: Family<OutcomeLabels, Counter>,
    database_connections: Family<ConnectionLabels, Gauge>,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ConnectionLabels {
    state: &'static str,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| {
    let mut registry = Registry::with_prefix("referrals");
    let requests = Family::<RequestLabels, Counter>::default();
    registry.register("http_requests", "HTTP requests answered, by route pattern and status", requests.clone());
    let request_seconds = Family::<RouteLabels, Histogram, fn() -> Histogram>::new_with_constructor(latency);
    registry.register(
        "http_request_duration_seconds",
        "Time from a request's arrival to its answer, by route pattern (durable writes include the disk)",
        request_seconds.clone(),
    );
    let events = Family::<EventLabels, Counter>::default();
    registry.register(
        "events",
        "What decisions announced: participant.signup is a signup, reward.* a reward's move (counted whether or not a webhook listens)",
        events.clone(),
    );
    let commit_seconds = latency();
    registry.register(
        "store_commit_duration_seconds",
        "Time to apply one decision's writes to the store, before the disk",
        commit_seconds.clone(),
    );
    let flush_seconds = latency();
    registry.register(
        "store_flush_duration_seconds",
        "Time of one group-commit flush to the disk (fdatasync included)",
        flush_seconds.clone(),
    );
    let flush_writes = Histogram::new(exponential_buckets(1.0, 2.0, 12));
    registry.register("store_flush_waiters", "Writes acknowledged by one group-commit flush", flush_writes.clone());
    let transaction_decisions = Histogram::new(exponential_buckets(1.0, 2.0, 7));
    registry.register(
        "store_transaction_decisions",
        "PostgreSQL: decisions committed by one transaction (a busy brand's signups share one)",
        transaction_decisions.clone(),
    );
    let webhook_queue = Gauge::default();
    registry.register(
        "webhook_queue_depth",
        "Webhook deliveries waiting on this server (due, retrying or in flight)",
        webhook_queue.clone(),
    );
    let webhook_attempts = Family::<OutcomeLabels, Counter>::default();
    registry.register(
        "webhook_attempts",
        "Webhook delivery attempts, by outcome (delivered, retrying, failed, disabled)",
        webhook_attempts.clone(),
    );
    let database_connections = Family::<ConnectionLabels, Gauge>::default();
    registry.register(
        "database_connections",
        "PostgreSQL connections of this server's pool: open, and in use (absent on the embedded database)",
        database_connections.clone(),
    );
    Metrics {
        registry,
        requests,
        request_seconds,
        events,
        commit_seconds,
        flush_seconds,
        flush_writes,
        transaction_decisions,
        webhook_queue,
        webhook_attempts,
        database_connections,
    }
});

/// The method as a label: one of the standard methods, or `OTHER` (a client may send any
/// token as a method).
fn method_label(method: &str) -> &'static str {
    const KNOWN: [&str; 7] = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
    KNOWN.into_iter().find(|known| *known == method).unwrap_or("OTHER")
}

/// A request answered: `route` is its pattern, never its path.
pub fn request(method: &str, route: &str, status: u16, elapsed: Duration) {
    let metrics = &*METRICS;
    let (method, route) = (method_label(method), route.to_owned());
    metrics.request_seconds.get_or_create(&RouteLabels { method, route: route.clone() }).observe(elapsed.as_secs_f64());
    metrics.requests.get_or_create(&RequestLabels { method, route, status }).inc();
}

/// A decision announced an event of this kind (its stable name, such as `reward.issued`).
pub fn event(name: &'static str) {
    METRICS.events.get_or_create(&EventLabels { event: name }).inc();
}

/// One decision's writes applied to the store. On PostgreSQL, a transaction's last writes
/// sent and committed: a batched signup's writes are sent later, with the next signup's reads
/// or the commit (see `store/postgres/kept.rs`), and are timed only in that commit.
pub fn commit(elapsed: Duration) {
    METRICS.commit_seconds.observe(elapsed.as_secs_f64());
}

/// One group-commit flush, and how many waiting writes it acknowledged.
pub fn flush(elapsed: Duration, waiters: usize) {
    METRICS.flush_seconds.observe(elapsed.as_secs_f64());
    METRICS.flush_writes.observe(waiters as f64);
}

/// One PostgreSQL transaction of decisions committed, and how many decisions it held.
pub fn transaction(decisions: usize) {
    METRICS.transaction_decisions.observe(decisions as f64);
}

/// The webhook deliveries waiting now.
pub fn webhook_queue(depth: usize) {
    METRICS.webhook_queue.set(depth as i64);
}

/// A webhook delivery attempt finished with `outcome`.
pub fn webhook_attempt(outcome: &'static str) {
    METRICS.webhook_attempts.get_or_create(&OutcomeLabels { outcome }).inc();
}

/// The PostgreSQL pool's connections: how many are open, and how many are in use.
pub fn database_pool(open: usize, in_use: usize) {
    let family = &METRICS.database_connections;
    family.get_or_create(&ConnectionLabels { state: "open" }).set(open as i64);
    family.get_or_create(&ConnectionLabels { state: "in_use" }).set(in_use as i64);
}

/// Every metric, as the text `GET /metrics` answers.
pub fn render() -> String {
    let mut text = String::new();
    // Writing into a String cannot fail.
    let _ = prometheus_client::encoding::text::encode(&mut text, &METRICS.registry);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_counted_is_rendered_with_its_labels() {
        request("POST", "/test/metrics", 201, Duration::from_millis(3));
        request("POST", "/test/metrics", 201, Duration::from_millis(5));
        request("BREW-7f3a", "/test/metrics", 405, Duration::from_millis(1));
        event("participant.signup");
        webhook_queue(7);
        let text = render();
        assert!(
            text.contains(r#"referrals_http_requests_total{method="POST",route="/test/metrics",status="201"} 2"#),
            "{text}"
        );
        assert!(text.contains(r#"{method="OTHER",route="/test/metrics",status="405"} 1"#), "{text}");
        assert!(!text.contains("BREW"), "a made-up method is never a label");
        assert!(text.contains(r#"referrals_events_total{event="participant.signup"} 1"#), "{text}");
        assert!(text.contains("referrals_webhook_queue_depth 7"), "{text}");
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
