//! The member (an account that owns brands) and the validated inputs that create one.

use serde::{Deserialize, Serialize};

use super::key_scope::{Access, ScopedApiKey};
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
    /// The generation of the member's tokens (schema 2 of the row): every JWT carries the
    /// generation it was issued in, and only the current one's are let in. A password change
    /// and a disable move it on, which ends every token issued before.
    pub token_generation: u32,
    /// When the member proved their email address is theirs, by the link sent to it (schema 3
    /// of the row). On a server whose registration is open to anyone, a campaign's emails go
    /// out in its owner's own words only once this is set; until then, in ours (see
    /// `email_texts::localized`). Accounts the operator made or invited, the first one, and
    /// those from before this rule, count as confirmed.
    pub email_confirmed_at: Option<String>,
    /// The member's scoped keys (schema 4 of the row): extra keys limited to what one
    /// integration needs (see `domain::key_scope`), at most [`MOST_KEYS`](super::key_scope::MOST_KEYS).
    pub scoped_keys: Vec<ScopedApiKey>,
}

/// A member as stored before scoped keys (schema 3 of the row). Read once, at the first start
/// of a newer release, and rewritten as [`Member`] with none.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MemberV3 {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub plan_id: u64,
    pub date_signedup: String,
    pub disabled: bool,
    pub api_key: Option<StoredApiKey>,
    pub token_generation: u32,
    pub email_confirmed_at: Option<String>,
}

impl From<MemberV3> for Member {
    fn from(m: MemberV3) -> Self {
        let MemberV3 {
            id,
            email,
            name,
            password_hash,
            plan_id,
            date_signedup,
            disabled,
            api_key,
            token_generation,
            email_confirmed_at,
        } = m;
        Self {
            id,
            email,
            name,
            password_hash,
            plan_id,
            date_signedup,
            disabled,
            api_key,
            token_generation,
            email_confirmed_at,
            scoped_keys: Vec::new(),
        }
    }
}

/// A member as stored before the email confirmation (schema 2 of the row). Read once, at the
/// first start of a newer release, and rewritten as [`Member`] with the address taken as
/// confirmed when the account was made: nobody's campaign emails change under them.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MemberV2 {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub plan_id: u64,
    pub date_signedup: String,
    pub disabled: bool,
    pub api_key: Option<StoredApiKey>,
    pub token_generation: u32,
}

impl From<MemberV2> for Member {
    /// Through schema 3, the address confirmed when the account was made.
    fn from(m: MemberV2) -> Self {
        MemberV3 {
            email_confirmed_at: Some(m.date_signedup.clone()),
            id: m.id,
            email: m.email,
            name: m.name,
            password_hash: m.password_hash,
            plan_id: m.plan_id,
            date_signedup: m.date_signedup,
            disabled: m.disabled,
            api_key: m.api_key,
            token_generation: m.token_generation,
        }
        .into()
    }
}

/// A member as stored before token generations (schema 1 of the row). Read once, at the first
/// start of a newer release, and rewritten as [`Member`] in generation 0, which the tokens
/// issued before carry.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MemberV1 {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub plan_id: u64,
    pub date_signedup: String,
    pub disabled: bool,
    pub api_key: Option<StoredApiKey>,
}

impl From<MemberV1> for Member {
    /// Through schema 2, in generation 0.
    fn from(m: MemberV1) -> Self {
        let MemberV1 { id, email, name, password_hash, plan_id, date_signedup, disabled, api_key } = m;
        let schema_2 =
            MemberV2 { id, email, name, password_hash, plan_id, date_signedup, disabled, api_key, token_generation: 0 };
        schema_2.into()
    }
}

impl Member {
    /// A member registering now: enabled, with no API key yet, their address not confirmed
    /// (see [`Member::confirmed`]).
    pub fn registering(id: u64, email: &super::EmailAddress, name: &str, password_hash: String, plan_id: u64) -> Self {
        Self {
            email_confirmed_at: None,
            id,
            email: email.as_str().to_owned(),
            name: name.to_owned(),
            password_hash,
            plan_id,
            date_signedup: super::now_rfc3339(),
            disabled: false,
            api_key: None,
            token_generation: 0,
            scoped_keys: Vec::new(),
        }
    }

    /// What the API key with this digest may do: everything for the member's main key, its
    /// scopes for one of their scoped keys; `None` for any other.
    pub fn access_of(&self, digest: &[u8; 32]) -> Option<Access> {
        if self.api_key.as_ref().is_some_and(|k| &k.digest == digest) {
            return Some(Access::Full);
        }
        self.scoped_keys.iter().find(|k| &k.digest == digest).map(|k| Access::Scoped(k.scopes.clone()))
    }

    /// The member with their address taken as confirmed now (the operator made or invited
    /// the account, it is the server's first, or its owner opened the link).
    pub fn confirmed(mut self) -> Self {
        self.email_confirmed_at.get_or_insert_with(super::now_rfc3339);
        self
    }

    /// Ends every token issued so far: a password change, a disable.
    pub fn end_tokens(&mut self) {
        self.token_generation = self.token_generation.wrapping_add(1);
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

/// A password being chosen (at registration, by an operator, or in a change): at least 8
/// characters, at most 1024 bytes, and not easy to guess as judged by `zxcvbn`, a maintained
/// strength estimator (Dropbox's, ported), which knows common passwords, names, words, dates,
/// keyboard walks and the account's own email and name.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

/// The least `zxcvbn` score a new password needs: 3 of 4, "safely unguessable" (about 10^10
/// guesses), the score its authors advise for a password that guards money.
const MIN_STRENGTH: zxcvbn::Score = zxcvbn::Score::Three;

/// How much of a password the estimator reads: its cost grows fast with the length, and a
/// password whose first 100 characters are easy to guess is not made strong by more.
const JUDGED_CHARS: usize = 100;

impl NewPassword {
    /// `raw`, judged against `about`: what the estimator should count as easy to guess in
    /// this password (the account's email and name).
    pub fn parse(raw: &str, about: &[&str]) -> Result<Self, ValidationError> {
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
        let judged: String = raw.chars().take(JUDGED_CHARS).collect();
        // The estimator matches whole entries: "Ada Lovelace" and "ada@lovelace.example" are
        // given as their words, and the whole too.
        let words: Vec<&str> = about
            .iter()
            .flat_map(|a| a.split(|c: char| !c.is_alphanumeric()).chain([*a]))
            .filter(|w| !w.is_empty())
            .collect();
        let estimate = zxcvbn::zxcvbn(&judged, &words);
        if estimate.score() < MIN_STRENGTH {
            let feedback = estimate.feedback();
            let warning = feedback.and_then(|f| f.warning()).map(|w| format!(" {w}"));
            let hint = feedback.and_then(|f| f.suggestions().first()).map(|s| format!(" {s}"));
            return Err(ValidationError::new(
                "password",
                format!(
                    "password is too easy to guess.{}{} A few uncommon words together make a strong one.",
                    warning.unwrap_or_default(),
                    hint.unwrap_or_default()
                ),
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
        assert!(NewPassword::parse("1234567", &[]).is_err());
        let password = NewPassword::parse("violet tugboat quarrel", &[]).unwrap();
        assert_eq!(format!("{password:?}"), "NewPassword(<redacted>)");
        assert!(NewPassword::parse(&"x".repeat(MAX_PASSWORD_BYTES + 1), &[]).is_err());
    }

    #[test]
    fn easy_passwords_are_refused_with_a_reason() {
        for easy in ["password", "12345678", "        ", "qwertyuiop", "Password1!", "iloveyou2026"] {
            let refused = NewPassword::parse(easy, &[]).unwrap_err();
            assert_eq!(refused.field, "password");
            assert!(refused.message.starts_with("password is too easy to guess."), "{easy:?}: {}", refused.message);
        }
        let common = NewPassword::parse("password", &[]).unwrap_err().message;
        assert!(common.len() > "password is too easy to guess.".len() + 40, "a reason, not a bare no: {common}");
        // The account's own words count as easy.
        let account = ["ada@lovelace.example", "Ada Lovelace 1815"];
        for own in ["ada@lovelace.example", "Ada Lovelace 1815"] {
            assert!(NewPassword::parse(own, &[]).is_ok(), "{own} is strong for a stranger");
            assert!(NewPassword::parse(own, &account).is_err(), "{own} is weak for Ada");
        }
        // Long ones are judged by their start, quickly.
        assert!(NewPassword::parse(&"violet tugboat quarrel ".repeat(40), &[]).is_ok());
        assert!(NewPassword::parse(&"a".repeat(1000), &[]).is_err());
    }
}
