//! `AdminClient`: blocking requests to the admin API, with every failure turned into one
//! sentence for the operator (never a backtrace or a raw HTTP error).

use std::path::{Path, PathBuf};
use std::time::Duration;

use reqwest::blocking::Client;
use reqwest::Method;
use serde_json::Value;

use crate::Cli;

/// A client of one server's admin API.
pub struct AdminClient {
    base: String,
    token: String,
    http: Client,
}

/// Where the package installs the server's configuration (see `scripts/package.sh`).
const PACKAGED_CONFIG: &str = "/etc/referrals/config.toml";

/// The server's configuration file: `--config`, else `./config.toml`, else the package's.
fn config_file(cli: &Cli) -> PathBuf {
    match &cli.config {
        Some(path) => path.clone(),
        None if Path::new("config.toml").exists() => PathBuf::from("config.toml"),
        None => PathBuf::from(PACKAGED_CONFIG),
    }
}

/// Reads `[server] bind` and `[admin] token` from the server's config file, when present; a
/// token not in the file may be in the `environment` file beside it, which the package's
/// systemd unit reads (`REFERRALS_ADMIN_TOKEN=…`, generated at install).
fn config_defaults(cli: &Cli) -> (Option<String>, Option<String>) {
    let path = config_file(cli);
    let config = std::fs::read_to_string(&path).ok().and_then(|text| text.parse::<toml::Table>().ok());
    let get = |section: &str, key: &str| {
        config.as_ref()?.get(section)?.get(key)?.as_str().filter(|v| !v.is_empty()).map(str::to_owned)
    };
    let server = get("server", "bind").map(|bind| format!("http://{bind}"));
    let token = get("admin", "token").or_else(|| {
        let environment = std::fs::read_to_string(path.parent()?.join("environment")).ok()?;
        environment_value(&environment, "REFERRALS_ADMIN_TOKEN")
    });
    (server, token)
}

/// The value of `name` in a systemd environment file: `NAME=value` lines, the value
/// optionally in quotes; comments and blank lines skipped.
fn environment_value(text: &str, name: &str) -> Option<String> {
    text.lines().map(str::trim).filter(|l| !l.starts_with('#')).find_map(|line| {
        let value = line.strip_prefix(name)?.strip_prefix('=')?.trim();
        let unquoted = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(value);
        Some(unquoted.to_owned()).filter(|v| !v.is_empty())
    })
}

/// The running server's base URL: `--server`, else the config file's bind, else the default.
pub fn server_base(cli: &Cli) -> String {
    let (server, _) = config_defaults(cli);
    cli.server.clone().or(server).unwrap_or_else(|| "http://127.0.0.1:8080".into())
}

impl AdminClient {
    pub fn new(cli: &Cli) -> Result<Self, String> {
        let (_, token) = config_defaults(cli);
        let base = server_base(cli);
        let token = cli.token.clone().or(token).ok_or(
            "no admin token: pass --token, set REFERRALS_ADMIN_TOKEN, or set [admin] token in the \
                 server's config file (--config; run as root to read the package's /etc/referrals)",
        )?;
        let http = Client::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .map_err(|e| format!("cannot build an HTTP client: {e}"))?;
        Ok(Self { base: base.trim_end_matches('/').to_owned(), token, http })
    }

    /// Sends a request and returns the `data` of the envelope.
    pub fn call(&self, method: Method, path: &str, body: Option<Value>) -> Result<Value, String> {
        self.call_with_query(method, path, &[], body)
    }

    /// Streams `body` to `path` (a coupon import), with a timeout long enough for big files.
    pub fn upload(&self, path: &str, content_type: &str, body: reqwest::blocking::Body) -> Result<Value, String> {
        let url = format!("{}/admin/v1{path}", self.base);
        let request = self
            .http
            .post(&url)
            .bearer_auth(&self.token)
            .header("content-type", content_type)
            .timeout(Duration::from_secs(3600))
            .body(body);
        self.answer(request)
    }

    /// As [`AdminClient::call`], with query parameters (encoded by reqwest).
    pub fn call_with_query(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<Value>,
    ) -> Result<Value, String> {
        let url = format!("{}/admin/v1{path}", self.base);
        let mut request = self.http.request(method, &url).bearer_auth(&self.token).query(query);
        if let Some(body) = body {
            request = request.json(&body);
        }
        self.answer(request)
    }

    /// Starts a download from `path` (a backup): the response, once the server said 200.
    pub fn download(&self, path: &str) -> Result<reqwest::blocking::Response, String> {
        let url = format!("{}/admin/v1{path}", self.base);
        // No overall timeout: a large database takes as long as it takes to stream.
        let request = self.http.get(&url).bearer_auth(&self.token).timeout(Duration::from_secs(24 * 3600));
        self.send(request)
    }

    /// Sends a request; the envelope's `data`, or one sentence saying what went wrong.
    fn answer(&self, request: reqwest::blocking::RequestBuilder) -> Result<Value, String> {
        let response = self.send(request)?;
        let body: Value = response.json().unwrap_or(Value::Null);
        Ok(body.get("data").cloned().unwrap_or(Value::Null))
    }

    /// Sends a request; a successful response, or one sentence saying what went wrong.
    fn send(&self, request: reqwest::blocking::RequestBuilder) -> Result<reqwest::blocking::Response, String> {
        let response = request.send().map_err(|e| {
            if e.is_connect() || e.is_timeout() {
                format!("cannot reach the server at {} (is referrals-server running?)", self.base)
            } else {
                format!("request to {} failed", self.base)
            }
        })?;
        let status = response.status().as_u16();
        if (200..=299).contains(&status) {
            return Ok(response);
        }
        let body: Value = response.json().unwrap_or(Value::Null);
        match status {
            401 => Err("the server refused the admin token (check --token / REFERRALS_ADMIN_TOKEN)".into()),
            404 if body.get("code").and_then(Value::as_str) == Some("not_found")
                && body["error"].as_str().is_some_and(|e| e.starts_with("no such endpoint")) =>
            {
                Err(format!("the admin API is not enabled on {} (set [admin] token on the server)", self.base))
            }
            _ => Err(body
                .get("error")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .unwrap_or_else(|| format!("the server answered {status}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::environment_value;

    #[test]
    fn the_token_is_read_from_an_environment_file() {
        let file = "# made at install\nREFERRALS_DATABASE_URL=postgres://x\nREFERRALS_ADMIN_TOKEN=\"abc123\"\n";
        assert_eq!(environment_value(file, "REFERRALS_ADMIN_TOKEN").as_deref(), Some("abc123"));
        assert_eq!(environment_value("REFERRALS_ADMIN_TOKEN_OLD=x\n", "REFERRALS_ADMIN_TOKEN"), None);
        assert_eq!(
            environment_value("#REFERRALS_ADMIN_TOKEN=x\nREFERRALS_ADMIN_TOKEN=\n", "REFERRALS_ADMIN_TOKEN"),
            None
        );
    }
}
