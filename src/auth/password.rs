//! Password hashing with argon2id (the `argon2` crate's defaults: 19 MiB, 2 passes). These
//! functions are CPU-heavy on purpose; HTTP handlers run them on the blocking pool.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::sync::OnceLock;

/// Hashes a password into a PHC string (`$argon2id$v=19$...`).
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut rand::rngs::OsRng);
    Ok(Argon2::default().hash_password(password.as_bytes(), &salt)?.to_string())
}

/// Checks a password against a stored PHC string. A malformed stored hash verifies as false.
pub fn verify(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
}

/// Burns the same time as a real verification. Used when the email is unknown, so a login's
/// timing does not tell whether an account exists.
pub fn verify_against_dummy(password: &str) {
    static DUMMY: OnceLock<Option<String>> = OnceLock::new();
    if let Some(phc) = DUMMY.get_or_init(|| hash("dummy password for timing").ok()) {
        let _ = verify(password, phc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_salted_and_verify() {
        let a = hash("correct horse").unwrap();
        let b = hash("correct horse").unwrap();
        assert!(a.starts_with("$argon2id$"));
        assert_ne!(a, b, "each hash has its own salt");
        assert!(verify("correct horse", &a));
        assert!(!verify("wrong horse", &a));
        assert!(!verify("correct horse", "not a phc string"));
    }
}
