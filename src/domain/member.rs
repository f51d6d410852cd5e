//! The member (an account that owns brands) and the validated inputs that create one.

use serde::{Deserialize, Serialize};

use super::ValidationError;

/// Longest member name accepted, in characters.
pub const MAX_NAME_CHARS: usize = 200;
/// Shortest password accepted, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longest password accepted, in bytes (keeps hashing cost bounded for hostile input).
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// A member account as stored. The password only ever exists here as an argon2id PHC hash.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Member {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub plan_id: u64,
    pub date_signedup: String,
    /// A disabled member's credentials are refused (set by an operator).
    pub disabled: bool,
    /// The member's current API key, if one was ever generated.
    pub api_key: Option<StoredApiKey>,
}

impl Member {
    /// A member registering now: enabled, with no API key yet.
    pub fn registering(id: u64, email: &super::EmailAddress, name: &str, password_hash: String, plan_id: u64) -> Self {
        Self {
            id,
            email: email.as_str().to_owned(),
            name: name.to_owned(),
            password_hash,
            plan_id,
            date_signedup: super::now_rfc3339(),
            disabled: false,
            api_key: None,
        }
    }
}

/// What the store keeps of a member's current API key: never its text, only the SHA-256
/// digest that authenticates it and a copy sealed with the server secret that only
/// `GET /members/api-key` opens.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct StoredApiKey {
    pub digest: [u8; 32],
    pub sealed: Vec<u8>,
    pub date_generated: String,
}

/// A member's display name: trimmed, 1 to 200 characters, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberName(String);

impl MemberName {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(ValidationError::new("name", "name must not be empty"));
        }
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(ValidationError::new("name", format!("name must be at most {MAX_NAME_CHARS} characters")));
        }
        if name.chars().any(char::is_control) {
            return Err(ValidationError::new("name", "name must not contain control characters"));
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password chosen at registration: at least 8 characters, at most 1024 bytes.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        if raw.chars().count() < MIN_PASSWORD_CHARS {
            return Err(ValidationError::new(
                "password",
                format!("password must be at least {MIN_PASSWORD_CHARS} characters"),
            ));
        }
        if raw.len() > MAX_PASSWORD_BYTES {
            return Err(ValidationError::new(
                "password",
                format!("password must be at most {MAX_PASSWORD_BYTES} bytes"),
            ));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// Never print a password, not even in debug output.
impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(MemberName::parse("  Ada ").unwrap().as_str(), "Ada");
        assert!(MemberName::parse("   ").is_err());
        assert!(MemberName::parse(&"é".repeat(MAX_NAME_CHARS)).is_ok());
        assert!(MemberName::parse(&"é".repeat(MAX_NAME_CHARS + 1)).is_err());
        assert!(MemberName::parse("a\u{0}b").is_err());
    }

    #[test]
    fn passwords_need_eight_characters_and_are_never_debug_printed() {
        assert!(NewPassword::parse("1234567").is_err());
        let password = NewPassword::parse("correct horse").unwrap();
        assert_eq!(format!("{password:?}"), "NewPassword(<redacted>)");
        assert!(NewPassword::parse(&"x".repeat(MAX_PASSWORD_BYTES + 1)).is_err());
    }
}
