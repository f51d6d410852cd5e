//! Scoped API keys: extra keys a member makes for one integration or an assistant, each
//! limited to what it needs. A scoped key may read (`read`), write everything (`write`), or
//! write only named resources (`write:rewards`); it never manages the account (keys, password,
//! invitations) nor reads the member's secrets. The member's main key and their tokens keep
//! full access.

use serde::{Deserialize, Serialize};

/// Most scoped keys a member may hold at once.
pub const MOST_KEYS: usize = 25;
/// Longest name of a scoped key, in characters.
pub const MOST_NAME_CHARS: usize = 100;

/// A resource of the API a scoped key's writes may be limited to (the operations' tags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Resource {
    Brands,
    Campaigns,
    Participants,
    Signups,
    Conversions,
    Rewards,
    Payouts,
    Commissions,
    Webhooks,
    Stripe,
    Sources,
    Landers,
    Portal,
    Automation,
}

impl Resource {
    /// Every resource, in the order above.
    pub const ALL: [Resource; 14] = [
        Resource::Brands,
        Resource::Campaigns,
        Resource::Participants,
        Resource::Signups,
        Resource::Conversions,
        Resource::Rewards,
        Resource::Payouts,
        Resource::Commissions,
        Resource::Webhooks,
        Resource::Stripe,
        Resource::Sources,
        Resource::Landers,
        Resource::Portal,
        Resource::Automation,
    ];

    /// The resource's name, as in a scope (`write:rewards`) and the API's tags.
    pub fn as_str(self) -> &'static str {
        match self {
            Resource::Brands => "brands",
            Resource::Campaigns => "campaigns",
            Resource::Participants => "participants",
            Resource::Signups => "signups",
            Resource::Conversions => "conversions",
            Resource::Rewards => "rewards",
            Resource::Payouts => "payouts",
            Resource::Commissions => "commissions",
            Resource::Webhooks => "webhooks",
            Resource::Stripe => "stripe",
            Resource::Sources => "sources",
            Resource::Landers => "landers",
            Resource::Portal => "portal",
            Resource::Automation => "automation",
        }
    }

    /// The resource of this name, if it is one.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == name)
    }
}

/// One thing a scoped key may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scope {
    /// Every read of the member's programme (not their secrets).
    Read,
    /// Every write of the member's programme (not the account's).
    Write,
    /// Writes of one resource only.
    WriteOn(Resource),
}

impl Scope {
    /// Reads a scope as the API writes it: `read`, `write`, `write:<resource>`.
    pub fn parse(text: &str) -> Result<Self, String> {
        match text {
            "read" => Ok(Scope::Read),
            "write" => Ok(Scope::Write),
            _ => text.strip_prefix("write:").and_then(Resource::named).map(Scope::WriteOn).ok_or_else(|| {
                let names: Vec<&str> = Resource::ALL.iter().map(|r| r.as_str()).collect();
                format!(
                    "scope {text:?} is not one of read, write or write:<resource>, where the resource is one of {}",
                    names.join(", ")
                )
            }),
        }
    }

    /// The scope as the API writes it.
    pub fn name(self) -> String {
        match self {
            Scope::Read => "read".into(),
            Scope::Write => "write".into(),
            Scope::WriteOn(resource) => format!("write:{}", resource.as_str()),
        }
    }
}

/// Scopes as people read them: `read, write:rewards`.
pub fn listed(scopes: &[Scope]) -> String {
    scopes.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
}

/// What an operation needs of the credential that calls it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// It only reads the programme.
    Read,
    /// It changes this resource.
    Write(Resource),
    /// It manages the account or shows a secret: full access only.
    Account,
}

/// What the credential a request came with may do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Access {
    /// The member's main key, or a token from signing in: everything.
    Full,
    /// A scoped key: only what its scopes say.
    Scoped(Vec<Scope>),
}

impl Access {
    /// Whether this access covers `need`.
    pub fn allows(&self, need: Need) -> bool {
        let Access::Scoped(scopes) = self else { return true };
        match need {
            Need::Read => scopes.contains(&Scope::Read),
            Need::Write(resource) => scopes.iter().any(|s| matches!(s, Scope::Write) || *s == Scope::WriteOn(resource)),
            Need::Account => false,
        }
    }
}

/// What the store keeps of a scoped key: never its text, the digest that authenticates it,
/// and its first characters so its owner can tell keys apart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScopedApiKey {
    /// The key's number among its member's keys (from 1; never used again by that member).
    pub id: u64,
    pub name: String,
    pub scopes: Vec<Scope>,
    pub digest: [u8; 32],
    /// The key's first 12 characters, followed by an ellipsis when shown.
    pub prefix: String,
    pub date_generated: String,
}

/// Adds `key` to a member's scoped keys under the number one past their highest; `None`,
/// with nothing added, when they hold [`MOST_KEYS`] already.
pub fn add_key(keys: &mut Vec<ScopedApiKey>, mut key: ScopedApiKey) -> Option<ScopedApiKey> {
    if keys.len() >= MOST_KEYS {
        return None;
    }
    key.id = keys.iter().map(|k| k.id).max().unwrap_or(0) + 1;
    keys.push(key.clone());
    Some(key)
}

/// A request for a scoped key, checked: a name (trimmed, 1 to 100 characters, no control
/// characters) and at least one scope, each once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRequest {
    pub name: String,
    pub scopes: Vec<Scope>,
}

impl KeyRequest {
    /// Checks a request's name and scopes; the error names the field and the rule.
    pub fn parse(name: &str, scopes: &[String]) -> Result<Self, String> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > MOST_NAME_CHARS || name.chars().any(char::is_control) {
            return Err(format!("name must be 1 to {MOST_NAME_CHARS} characters, without control characters"));
        }
        if scopes.is_empty() {
            return Err("scopes must name at least one scope: read, write or write:<resource>".into());
        }
        let mut parsed = Vec::new();
        for text in scopes {
            let scope = Scope::parse(text).map_err(|e| format!("scopes: {e}"))?;
            if !parsed.contains(&scope) {
                parsed.push(scope);
            }
        }
        Ok(Self { name: name.to_owned(), scopes: parsed })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_read_as_written_and_refuse_the_rest() {
        for resource in Resource::ALL {
            let scope = Scope::WriteOn(resource);
            assert_eq!(Scope::parse(&scope.name()), Ok(scope));
        }
        assert_eq!(Scope::parse("read"), Ok(Scope::Read));
        assert_eq!(Scope::parse("write"), Ok(Scope::Write));
        for bad in ["", "READ", "write:", "write:members", "admin", "read:rewards", " read"] {
            assert!(Scope::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_read_only_key_reads_and_writes_nothing_and_no_scoped_key_manages_the_account() {
        let read = Access::Scoped(vec![Scope::Read]);
        assert!(read.allows(Need::Read));
        assert!(!read.allows(Need::Write(Resource::Rewards)));
        assert!(!read.allows(Need::Account));
        let rewards = Access::Scoped(vec![Scope::WriteOn(Resource::Rewards)]);
        assert!(rewards.allows(Need::Write(Resource::Rewards)));
        assert!(!rewards.allows(Need::Write(Resource::Payouts)));
        assert!(!rewards.allows(Need::Read), "write scopes do not read");
        let all = Access::Scoped(vec![Scope::Read, Scope::Write]);
        assert!(all.allows(Need::Write(Resource::Payouts)));
        assert!(!all.allows(Need::Account));
        assert!(Access::Full.allows(Need::Account));
    }

    #[test]
    fn keys_are_numbered_past_the_highest_and_held_to_the_most() {
        let key = |n: u8| ScopedApiKey {
            id: 0,
            name: format!("k{n}"),
            scopes: vec![Scope::Read],
            digest: [n; 32],
            prefix: "ref_".into(),
            date_generated: String::new(),
        };
        let mut keys = Vec::new();
        assert_eq!(add_key(&mut keys, key(1)).unwrap().id, 1);
        assert_eq!(add_key(&mut keys, key(2)).unwrap().id, 2);
        keys.remove(0);
        assert_eq!(add_key(&mut keys, key(3)).unwrap().id, 3);
        while keys.len() < MOST_KEYS {
            add_key(&mut keys, key(4)).unwrap();
        }
        assert_eq!(add_key(&mut keys, key(5)), None);
        assert_eq!(keys.len(), MOST_KEYS);
    }

    #[test]
    fn a_request_needs_a_name_and_a_scope_and_keeps_each_scope_once() {
        let ok = KeyRequest::parse("  Claude  ", &["read".into(), "read".into(), "write:rewards".into()]).unwrap();
        assert_eq!(ok.name, "Claude");
        assert_eq!(ok.scopes, vec![Scope::Read, Scope::WriteOn(Resource::Rewards)]);
        assert!(KeyRequest::parse("", &["read".into()]).is_err());
        assert!(KeyRequest::parse("x", &[]).is_err());
        assert!(KeyRequest::parse("x\u{7}", &["read".into()]).is_err());
        assert!(KeyRequest::parse(&"x".repeat(101), &["read".into()]).is_err());
        assert!(KeyRequest::parse("x", &["write:everything".into()]).unwrap_err().contains("write:everything"));
    }
}
