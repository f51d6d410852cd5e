//! `ApiKey`: the member credential `ref_` + 48 lowercase hex characters. Only its SHA-256
//! digest is ever used as a look-up key; the text itself is shown to the member and sealed.

use rand::RngCore;
use sha2::{Digest, Sha256};

/// Prefix every API key carries.
pub const PREFIX: &str = "ref_";
/// Number of hex characters after the prefix (24 random bytes).
pub const HEX_LEN: usize = 48;

/// An API key in its one valid shape, `^ref_[0-9a-f]{48}$`.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// A fresh key from 24 bytes of the operating system's CSPRNG.
    pub fn generate() -> Self {
        let mut bytes = [0u8; HEX_LEN / 2];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Self(format!("{PREFIX}{}", hex::encode(bytes)))
    }

    /// Accepts exactly the documented shape; anything else is not a key (and is answered 401
    /// by the caller without saying why).
    pub fn parse(raw: &str) -> Option<Self> {
        let hex = raw.strip_prefix(PREFIX)?;
        let well_formed = hex.len() == HEX_LEN && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        well_formed.then(|| Self(raw.to_owned()))
    }

    /// The SHA-256 digest under which the key is indexed. A fast hash is right here: the key
    /// carries 192 random bits, so there is nothing to brute-force.
    pub fn digest(&self) -> [u8; 32] {
        Sha256::digest(self.0.as_bytes()).into()
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// Never print a key, not even in debug output.
impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_keys_have_the_documented_shape_and_are_distinct() {
        let a = ApiKey::generate();
        let b = ApiKey::generate();
        assert_eq!(a.expose().len(), PREFIX.len() + HEX_LEN);
        assert!(ApiKey::parse(a.expose()).is_some());
        assert_ne!(a.expose(), b.expose());
        assert_ne!(a.digest(), b.digest());
    }

    #[test]
    fn parse_rejects_every_other_shape() {
        let valid = format!("ref_{}", "a1".repeat(24));
        assert!(ApiKey::parse(&valid).is_some());
        for bad in [
            String::new(),
            "ref_".into(),
            format!("ref_{}", "A1".repeat(24)),
            format!("ref_{}", "a1".repeat(23)),
            format!("ref_{}0", "a1".repeat(24)),
            format!("key_{}", "a1".repeat(24)),
            format!("ref_{}g", "a1".repeat(23) + "a"),
            format!(" ref_{}", "a1".repeat(24)),
        ] {
            assert!(ApiKey::parse(&bad).is_none(), "{bad:?}");
        }
    }
}
