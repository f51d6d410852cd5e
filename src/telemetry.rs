//! Logging: `tracing` to stderr, filtered by `log.level` (or `RUST_LOG` when set), as text or
//! as one JSON object a line (`log.format`). Handlers log ids and outcomes, never request
//! bodies, credentials or query strings; the same holds in both formats (a test reads a
//! whole session's log at trace level in each).

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber: text lines, or one JSON object a line when `json`
/// (`log.format`). Safe to call once per process.
pub fn init(level: &str, json: bool) {
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(level))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_target(false);
    let _ = if json {
        // The request's span (its id, method and route) rides along as `span`; the list of
        // enclosing spans would repeat it.
        builder.json().with_current_span(true).with_span_list(false).try_init()
    } else {
        builder.with_ansi(std::io::stderr().is_terminal()).try_init()
    };
}
