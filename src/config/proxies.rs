//! `server.trusted_proxies`: the reverse proxies whose `X-Forwarded-For` names the client.
//!
//! From a trusted proxy, and only from one, the header is read from the right, past every
//! trusted proxy, and the first address no trusted proxy owns is the client. A client cannot
//! forge its way past this: whatever it writes into the header sits left of what the proxies
//! appended. With no trusted proxy (the default) the header is never read.

use std::net::IpAddr;

/// The reverse proxies whose `X-Forwarded-For` is believed.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<ipnet::IpNet>);

impl TrustedProxies {
    /// From `server.trusted_proxies`: addresses (`10.0.0.7`) or networks (`10.0.0.0/8`).
    pub fn parse(entries: &[String]) -> Result<Self, String> {
        let mut nets = Vec::with_capacity(entries.len());
        for entry in entries {
            let entry = entry.trim();
            let net = match entry.parse::<ipnet::IpNet>() {
                Ok(net) => net,
                Err(_) => entry
                    .parse::<IpAddr>()
                    .map(ipnet::IpNet::from)
                    .map_err(|_| format!("server.trusted_proxies: {entry:?} is not an IP address or network"))?,
            };
            nets.push(net);
        }
        Ok(Self(nets))
    }

    fn trusts(&self, address: IpAddr) -> bool {
        let address = canonical(address);
        self.0.iter().any(|net| net.contains(&address))
    }

    /// The client behind a connection from `peer` that carries `forwarded_for`.
    pub fn client(&self, peer: IpAddr, forwarded_for: Option<&str>) -> IpAddr {
        let mut client = canonical(peer);
        if !self.trusts(client) {
            return client;
        }
        for hop in forwarded_for.unwrap_or("").rsplit(',') {
            // A hop that is not an address ends the chain: what lies left of it is unknown.
            let Ok(address) = hop.trim().parse::<IpAddr>() else { break };
            client = canonical(address);
            if !self.trusts(client) {
                break;
            }
        }
        client
    }
}

/// An IPv4-mapped IPv6 address as the IPv4 address it is.
pub fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_header_counts_only_from_a_trusted_proxy_and_only_right_of_the_client() {
        let none = TrustedProxies::default();
        assert_eq!(none.client(ip("198.51.100.4"), Some("203.0.113.1")), ip("198.51.100.4"));
        let proxies = TrustedProxies::parse(&["10.0.0.0/8".into(), "192.0.2.7".into()]).unwrap();
        assert_eq!(proxies.client(ip("198.51.100.4"), Some("203.0.113.1")), ip("198.51.100.4"), "not a proxy");
        assert_eq!(proxies.client(ip("10.1.2.3"), Some("203.0.113.1")), ip("203.0.113.1"));
        // A forged entry on the left is never reached past the real client.
        assert_eq!(proxies.client(ip("10.1.2.3"), Some("1.2.3.4, 203.0.113.1, 192.0.2.7")), ip("203.0.113.1"));
        assert_eq!(proxies.client(ip("10.1.2.3"), Some("garbage, 10.9.9.9")), ip("10.9.9.9"));
        assert_eq!(proxies.client(ip("10.1.2.3"), None), ip("10.1.2.3"));
        assert_eq!(proxies.client(ip("::ffff:10.1.2.3"), Some("203.0.113.1")), ip("203.0.113.1"));
        assert!(TrustedProxies::parse(&["proxy.internal".into()]).unwrap_err().contains("proxy.internal"));
    }
}
