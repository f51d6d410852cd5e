//! Who the client is: its address (the connection's own, or through the reverse proxies the
//! operator trusts, see `config::proxies`) and the keyed print the fraud rules compare.

use std::net::IpAddr;

use actix_web::http::header;
use actix_web::{web, HttpRequest};

use crate::auth::client_print::ClientPrinter;
use crate::config::proxies::{canonical, TrustedProxies};
use crate::domain::client_print::ClientPrint;
use crate::domain::ValidationError;

/// The client's address; 0.0.0.0 when the connection has none (a test request).
pub fn address(req: &HttpRequest) -> IpAddr {
    let Some(peer) = req.peer_addr().map(|a| a.ip()) else { return IpAddr::from([0, 0, 0, 0]) };
    let forwarded = req.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok());
    match req.app_data::<web::Data<TrustedProxies>>() {
        Some(proxies) => proxies.client(peer, forwarded),
        None => canonical(peer),
    }
}

/// The address as limits count it: an IPv6 client by its /56 (what one subscriber is often
/// given, so one subscriber cannot spread over its addresses), an IPv4 one as it is.
pub fn subscriber(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => {
            let mut octets = v6.octets();
            octets[7..16].fill(0);
            IpAddr::V6(octets.into())
        }
        v4 => v4,
    }
}

/// The user agent the client sent (empty: none, or not text).
pub fn user_agent(req: &HttpRequest) -> &str {
    req.headers().get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or("")
}

/// The keyed print of the client that sent `req`.
pub fn print(printer: &ClientPrinter, req: &HttpRequest) -> ClientPrint {
    printer.print(address(req), user_agent(req))
}

/// Longest `user_agent` an API signup may pass.
const MAX_USER_AGENT_FIELD: usize = 1024;

/// The print of the end user an API signup names by `ip` and `user_agent` (the member's
/// backend saw them): none without `ip`.
pub fn named(
    printer: &ClientPrinter,
    ip: Option<&str>,
    user_agent: Option<&str>,
) -> Result<Option<ClientPrint>, ValidationError> {
    let agent = user_agent.unwrap_or("");
    if agent.chars().count() > MAX_USER_AGENT_FIELD {
        return Err(ValidationError::new(
            "user_agent",
            format!("user_agent must be at most {MAX_USER_AGENT_FIELD} characters"),
        ));
    }
    let Some(ip) = ip else { return Ok(None) };
    let address = ip.trim().parse::<IpAddr>().map_err(|_| {
        ValidationError::new("ip", "ip must be the end user's IPv4 or IPv6 address, such as 203.0.113.7")
    })?;
    // The print reads an IPv4-mapped address as the IPv4 address it is.
    Ok(Some(printer.print(address, agent)))
}
