//! The outbound half of a domain proof (`domain::domain_proof`): fetching the file a brand or
//! partner put at `http://<domain>/.well-known/referrals-verify.txt`, under the rules every
//! webhook delivery follows ([`egress`](super::egress): no private address unless the
//! operator allows them, checked after DNS; no proxy; the same timeout; nothing at all in a
//! dry run). Up to three redirects are followed, so a site that sends every visitor to
//! https still proves itself; each hop's address is checked again. At most
//! [`MAX_FILE_BYTES`] are read.

use std::sync::Arc;
use std::time::Duration;

use crate::config::WebhooksConfig;
use crate::domain::domain_proof::{file_url, MAX_FILE_BYTES};

/// Redirects followed before the check gives up.
const MAX_REDIRECTS: usize = 3;

/// Fetches proof files. Cheap to clone.
#[derive(Clone)]
pub struct DomainChecker {
    client: reqwest::Client,
    allow_private: bool,
    port: u16,
    dry_run: bool,
}

impl DomainChecker {
    pub fn new(config: &WebhooksConfig) -> reqwest::Result<Self> {
        let allow_private = config.allow_private_targets;
        let timeout = Duration::from_secs_f64(config.timeout_secs);
        let redirects = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() > MAX_REDIRECTS {
                return attempt.error(format!("more than {MAX_REDIRECTS} redirects"));
            }
            if !matches!(attempt.url().scheme(), "http" | "https") {
                return attempt.error("a redirect to neither http nor https");
            }
            // A name is checked by the resolver; an address written as such is not resolved.
            match super::egress::check_literal(attempt.url(), allow_private) {
                Ok(()) => attempt.follow(),
                Err(refused) => attempt.error(refused),
            }
        });
        let client = reqwest::Client::builder()
            .dns_resolver(Arc::new(super::egress::CheckedResolver { allow_private }))
            .no_proxy()
            .redirect(redirects)
            .timeout(timeout)
            .connect_timeout(timeout)
            .user_agent(concat!("referrals-domain-check/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self { client, allow_private, port: config.domain_check_port, dry_run: config.dry_run })
    }

    /// Where the file of `domain` is looked for.
    pub fn file_url(&self, domain: &str) -> String {
        file_url(domain, self.port)
    }

    /// The file of `domain` as text, or why it could not be read, in words for the member.
    pub async fn fetch(&self, domain: &str) -> Result<String, String> {
        let url = self.file_url(domain);
        if self.dry_run {
            return Err("no connection is made on this server (webhooks.dry_run)".into());
        }
        let parsed = url::Url::parse(&url).map_err(|_| format!("{domain} makes no valid address"))?;
        super::egress::check_literal(&parsed, self.allow_private)?;
        let mut response = self.client.get(parsed).send().await.map_err(|e| unreachable(&url, &e))?;
        if !response.status().is_success() {
            return Err(format!("{url} answered {}", response.status().as_u16()));
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| unreachable(&url, &e))? {
            if body.len() + chunk.len() > MAX_FILE_BYTES {
                return Err(format!("{url} is larger than {} KiB", MAX_FILE_BYTES / 1024));
            }
            body.extend_from_slice(&chunk);
        }
        String::from_utf8(body).map_err(|_| format!("{url} is not text (UTF-8)"))
    }
}

/// Why a fetch failed, without reqwest's chain of wrappers but with the root cause (the
/// egress refusal, a refused connection, a timeout).
fn unreachable(url: &str, error: &reqwest::Error) -> String {
    let mut cause: &dyn std::error::Error = error;
    while let Some(next) = cause.source() {
        cause = next;
    }
    let why = if error.is_timeout() { "it took too long".to_owned() } else { cause.to_string() };
    format!("{url} could not be read: {why}")
}
