//! Egress safety: webhook deliveries never reach loopback, private, link-local, CGNAT,
//! multicast or cloud-metadata addresses unless the operator allows private targets.
//!
//! The check runs on the addresses the connection will use: [`CheckedResolver`] is reqwest's
//! DNS resolver, so it resolves once, drops forbidden addresses, and hands only the allowed
//! ones to the connector (no second lookup a DNS rebinding could answer differently). A link
//! whose host is an IP literal is never resolved, so [`check_literal`] checks it before the
//! request is built.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// Why an address may not be a webhook target, or `None` when it may.
pub fn forbidden_reason(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => v4_reason(v4),
        IpAddr::V6(v6) => {
            // An IPv4 address written as IPv6 (mapped, NAT64, 6to4, Teredo) is judged as the
            // address it reaches.
            if let Some(v4) = v6.to_ipv4_mapped() {
                return v4_reason(v4);
            }
            let s = v6.segments();
            let v4 = |high: u16, low: u16| Ipv4Addr::new((high >> 8) as u8, high as u8, (low >> 8) as u8, low as u8);
            match (s[0], s[1]) {
                // NAT64's well-known prefix (64:ff9b::/96): the address in the last 32 bits.
                (0x64, 0xff9b) if s[2..6] == [0, 0, 0, 0] => return v4_reason(v4(s[6], s[7])),
                // The local-use NAT64 prefix (64:ff9b:1::/48, RFC 8215) translates into the
                // network's own addresses, wherever in it the IPv4 address is embedded.
                (0x64, 0xff9b) if s[2] == 1 => return Some("a local-use NAT64 address"),
                // 6to4 (2002::/16): the relay's IPv4 address follows the prefix.
                (0x2002, _) => return v4_reason(v4(s[1], s[2])),
                // Teredo (2001::/32): the server's IPv4 address, then the client's, inverted.
                (0x2001, 0) => return v4_reason(v4(s[2], s[3])).or_else(|| v4_reason(v4(!s[6], !s[7]))),
                _ => {}
            }
            v6_reason(v6)
        }
    }
}

fn v4_reason(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, c, _] = ip.octets();
    Some(match () {
        _ if ip.is_loopback() => "a loopback address",
        _ if ip.is_private() => "a private address",
        _ if a == 169 && b == 254 => "a link-local or cloud-metadata address",
        _ if a == 100 && (64..128).contains(&b) => "a carrier-grade NAT address",
        _ if ip.is_multicast() => "a multicast address",
        _ if a == 0 => "an unspecified address",
        _ if ip.is_broadcast() || a >= 240 => "a reserved address",
        _ if a == 192 && b == 0 && c == 0 => "an IETF protocol address",
        _ if a == 198 && (b == 18 || b == 19) => "a benchmarking address",
        _ => return None,
    })
}

fn v6_reason(ip: Ipv6Addr) -> Option<&'static str> {
    let first = ip.segments()[0];
    Some(match () {
        _ if ip.is_loopback() => "a loopback address",
        _ if ip.is_unspecified() => "an unspecified address",
        _ if first & 0xfe00 == 0xfc00 => "a private (unique local) address",
        _ if first & 0xffc0 == 0xfe80 => "a link-local address",
        _ if ip.is_multicast() => "a multicast address",
        // IPv4-compatible (::a.b.c.d, deprecated) and site-local (fec0::/10, deprecated).
        _ if ip.segments()[..6] == [0; 6] => "an IPv4-compatible address",
        _ if first & 0xffc0 == 0xfec0 => "a site-local address",
        _ => return None,
    })
}

/// A refusal as the delivery log shows it.
pub fn refusal(ip: IpAddr, reason: &str) -> String {
    format!("refused: {ip} is {reason}; private targets are off (webhooks.allow_private_targets)")
}

/// Checks a link whose host is an IP literal (reqwest connects to those without resolving).
/// `Ok` for host names: the resolver checks those.
pub fn check_literal(url: &url::Url, allow_private: bool) -> Result<(), String> {
    if allow_private {
        return Ok(());
    }
    let ip = match url.host() {
        Some(url::Host::Ipv4(v4)) => IpAddr::V4(v4),
        Some(url::Host::Ipv6(v6)) => IpAddr::V6(v6),
        _ => return Ok(()),
    };
    match forbidden_reason(ip) {
        Some(reason) => Err(refusal(ip, reason)),
        None => Ok(()),
    }
}

/// Why every delivery to `url` would be refused, said for the member creating the webhook:
/// an IP literal the check forbids, or a `localhost` name (always loopback, RFC 6761). Other
/// names are checked on each connection's resolved addresses, since DNS may change; a name
/// that resolves to a forbidden address is refused then, and the delivery log says why.
pub fn refused_at_creation(url: &url::Url, allow_private: bool) -> Option<String> {
    if allow_private {
        return None;
    }
    let (target, reason) = match url.host()? {
        url::Host::Ipv4(v4) => (v4.to_string(), forbidden_reason(IpAddr::V4(v4))?),
        url::Host::Ipv6(v6) => (v6.to_string(), forbidden_reason(IpAddr::V6(v6))?),
        url::Host::Domain(name) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            if name != "localhost" && !name.ends_with(".localhost") {
                return None;
            }
            (name, "a loopback address")
        }
    };
    Some(format!(
        "{target} is {reason}, and this server delivers to public addresses only; the operator allows private \
         targets with webhooks.allow_private_targets = true in config.toml (or REFERRALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true)"
    ))
}

/// reqwest's resolver for webhook deliveries: the system resolver, minus forbidden addresses.
#[derive(Debug, Clone)]
pub struct CheckedResolver {
    pub allow_private: bool,
}

impl Resolve for CheckedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let resolved: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            if allow_private {
                return Ok(Box::new(resolved.into_iter()) as Addrs);
            }
            let mut refused = None;
            let allowed: Vec<SocketAddr> = resolved
                .into_iter()
                .filter(|addr| match forbidden_reason(addr.ip()) {
                    Some(reason) => {
                        refused.get_or_insert_with(|| refusal(addr.ip(), reason));
                        false
                    }
                    None => true,
                })
                .collect();
            if allowed.is_empty() {
                let why = refused.unwrap_or_else(|| format!("{host} has no address"));
                return Err(why.into());
            }
            Ok(Box::new(allowed.into_iter()) as Addrs)
        })
    }
}

/// The HTTP client of the dispatcher: the checked resolver, no proxies (a proxy would
/// connect on our behalf, unchecked), no redirects, a per-request timeout.
pub fn client(allow_private: bool, timeout: std::time::Duration) -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .dns_resolver(Arc::new(CheckedResolver { allow_private }))
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(timeout)
        .connect_timeout(timeout)
        .user_agent(concat!("referrals-webhooks/", env!("CARGO_PKG_VERSION")))
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn private_and_special_addresses_are_refused() {
        for (addr, says) in [
            ("10.0.0.1", "private"),
            ("172.16.0.1", "private"),
            ("192.168.1.1", "private"),
            ("100.64.0.1", "carrier-grade NAT"),
            ("169.254.169.254", "cloud-metadata"),
            ("127.0.0.1", "loopback"),
            ("127.1.2.3", "loopback"),
            ("0.0.0.0", "unspecified"),
            ("224.0.0.1", "multicast"),
            ("255.255.255.255", "reserved"),
            ("::1", "loopback"),
            ("::", "unspecified"),
            ("fd00::1", "unique local"),
            ("fd00:ec2::254", "unique local"),
            ("fe80::1", "link-local"),
            ("ff02::1", "multicast"),
            ("::ffff:10.0.0.1", "private"),
            ("::ffff:127.0.0.1", "loopback"),
            ("::ffff:169.254.169.254", "cloud-metadata"),
            ("64:ff9b::a00:1", "private"),
            ("64:ff9b:1::7f00:1", "local-use NAT64"),
            ("64:ff9b:1:ab00::", "local-use NAT64"),
            ("2002:7f00:1::", "loopback"),
            ("2002:a9fe:a9fe::1", "cloud-metadata"),
            ("2001:0:4136:e378:8000:63bf:80ff:fffe", "loopback"),
            ("2001:0:a00:1::", "private"),
        ] {
            let reason = forbidden_reason(ip(addr)).unwrap_or_else(|| panic!("{addr} must be refused"));
            assert!(reason.contains(says), "{addr}: {reason}");
        }
    }

    #[test]
    fn links_the_check_would_always_refuse_are_known_at_creation() {
        let refused = |link: &str| refused_at_creation(&url::Url::parse(link).unwrap(), false);
        for link in [
            "http://127.1:9/h",
            "http://[::1]/h",
            "https://localhost/h",
            "http://api.LOCALHOST./h",
            "http://10.1.2.3/",
            "http://[2002:7f00:1::]/",
            "http://[64:ff9b:1::7f00:1]/",
        ] {
            let why = refused(link).unwrap_or_else(|| panic!("{link} must be refused"));
            assert!(why.contains("webhooks.allow_private_targets"), "{link}: {why}");
        }
        for link in ["https://hooks.example.com/in", "http://203.0.113.7/h", "https://localhost.example.com/"] {
            assert_eq!(refused(link), None, "{link}");
        }
        assert_eq!(refused_at_creation(&url::Url::parse("http://127.0.0.1/").unwrap(), true), None);
    }

    #[test]
    fn public_addresses_are_allowed() {
        for addr in [
            "8.8.8.8",
            "1.1.1.1",
            "93.184.216.34",
            "172.32.0.1",
            "100.128.0.1",
            "2606:4700:4700::1111",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
            "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
        ] {
            assert_eq!(forbidden_reason(ip(addr)), None, "{addr}");
        }
    }

    #[test]
    fn ip_literal_links_are_checked_without_resolving() {
        let check = |link: &str| check_literal(&url::Url::parse(link).unwrap(), false);
        assert!(check("http://127.0.0.1:9/").unwrap_err().contains("loopback"));
        assert!(check("http://127.1/").unwrap_err().contains("loopback"), "127.1 is 127.0.0.1");
        assert!(check("http://[::1]:9/").unwrap_err().contains("loopback"));
        assert!(check("http://0x7f000001/").unwrap_err().contains("loopback"));
        assert!(check("http://[::ffff:a00:1]/").unwrap_err().contains("private"));
        assert!(check("https://8.8.8.8/").is_ok());
        assert!(check("https://hooks.example.com/").is_ok(), "names are the resolver's to check");
        assert!(check_literal(&url::Url::parse("http://127.0.0.1/").unwrap(), true).is_ok());
    }

    #[tokio::test]
    async fn the_resolver_drops_forbidden_addresses_of_a_name() {
        // `localhost` resolves from /etc/hosts: no packet leaves the machine.
        let refused = CheckedResolver { allow_private: false }.resolve("localhost".parse().unwrap()).await;
        let message = refused.err().expect("localhost must be refused").to_string();
        assert!(message.contains("loopback"), "{message}");
        let allowed = CheckedResolver { allow_private: true }.resolve("localhost".parse().unwrap()).await.unwrap();
        assert!(allowed.into_iter().all(|a| a.ip().is_loopback()));
    }
}
