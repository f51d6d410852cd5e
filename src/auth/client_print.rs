//! Client prints: the keyed hashes of a client's address and user agent that the fraud rules
//! compare (see `domain::client_print`). The key is derived from the server secret, so the
//! stored prints cannot be reversed by trying every address without it, and a print from one
//! installation means nothing in another.

use std::net::IpAddr;

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::domain::client_print::ClientPrint;

/// Longest user agent taken into a print; the rest is ignored (a header of any length makes
/// the same print as its first 512 bytes).
pub const MAX_USER_AGENT_LEN: usize = 512;

/// Makes client prints under the server's key.
pub struct ClientPrinter {
    key: [u8; 32],
}

impl ClientPrinter {
    pub fn new(key: &[u8; 32]) -> Self {
        Self { key: *key }
    }

    /// The print of a client at `address` with `user_agent` (empty when it sent none).
    pub fn print(&self, address: IpAddr, user_agent: &str) -> ClientPrint {
        let network = network(address);
        let agent = &user_agent.as_bytes()[..user_agent.len().min(MAX_USER_AGENT_LEN)];
        ClientPrint {
            address: self.tag(b"address\0", &[&network]),
            device: self.tag(b"device\0", &[&network, b"\0", agent]),
        }
    }

    fn tag(&self, label: &[u8], parts: &[&[u8]]) -> [u8; 16] {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(label);
        for part in parts {
            mac.update(part);
        }
        let full = mac.finalize().into_bytes();
        let mut tag = [0u8; 16];
        tag.copy_from_slice(&full[..16]);
        tag
    }
}

/// The network a client address stands for: an IPv4 address itself (an IPv4-mapped IPv6 one
/// too), an IPv6 address by its /64, the prefix one subscriber is given (privacy extensions
/// change the rest every day).
fn network(address: IpAddr) -> Vec<u8> {
    match address {
        IpAddr::V4(v4) => v4.octets().to_vec(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.octets().to_vec(),
            None => v6.octets()[..8].to_vec(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn one_address_one_print_and_the_agent_tells_devices_apart() {
        let printer = ClientPrinter::new(&[7; 32]);
        let phone = printer.print(ip("203.0.113.9"), "Phone/1");
        assert_eq!(phone, printer.print(ip("203.0.113.9"), "Phone/1"));
        let laptop = printer.print(ip("203.0.113.9"), "Laptop/2");
        assert_eq!(phone.address, laptop.address, "same address");
        assert_ne!(phone.device, laptop.device, "another device");
        assert_ne!(phone.address, printer.print(ip("203.0.113.10"), "Phone/1").address);
        assert_eq!(phone, printer.print(ip("::ffff:203.0.113.9"), "Phone/1"), "IPv4-mapped is IPv4");
    }

    #[test]
    fn an_ipv6_client_is_its_64_and_the_key_matters() {
        let printer = ClientPrinter::new(&[7; 32]);
        let a = printer.print(ip("2001:db8:1:2:aaaa::1"), "");
        assert_eq!(a, printer.print(ip("2001:db8:1:2:bbbb::9"), ""));
        assert_ne!(a.address, printer.print(ip("2001:db8:1:3::1"), "").address);
        assert_ne!(a, ClientPrinter::new(&[8; 32]).print(ip("2001:db8:1:2:aaaa::1"), ""));
        let long = "x".repeat(MAX_USER_AGENT_LEN + 100);
        assert_eq!(printer.print(ip("192.0.2.1"), &long), printer.print(ip("192.0.2.1"), &long[..MAX_USER_AGENT_LEN]));
    }
}
