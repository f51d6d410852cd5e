//! `[members]`: who may register (`members.registration`, see `domain::registration`) and
//! the plan new members get.

use serde::{Deserialize, Serialize};

/// `[members]`: who may have an account here, and on which plan.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct MembersConfig {
    /// Who may register once the server has its first account (see `domain::registration`).
    pub registration: Registration,
    /// The plan id new members get.
    pub default_plan: u64,
}

impl Default for MembersConfig {
    fn default() -> Self {
        // An owner's own server: closed once the owner has an account, and no upgrade wall.
        Self { registration: Registration::Closed, default_plan: 3 }
    }
}

/// `members.registration`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Registration {
    /// Anyone may register (a service run for the public).
    Open,
    /// Whoever holds an invitation, from a member or from the operator.
    Invite,
    /// Nobody; the operator makes accounts (`refctl members create`) or invites.
    Closed,
}

impl Registration {
    fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "open" => Some(Self::Open),
            "invite" => Some(Self::Invite),
            "closed" => Some(Self::Closed),
            _ => None,
        }
    }

    /// Whether members may invite others (the operator always may).
    pub fn members_invite(self) -> bool {
        !matches!(self, Self::Closed)
    }
}

impl MembersConfig {
    /// `REFERRALS_MEMBERS_REGISTRATION` and `REFERRALS_MEMBERS_DEFAULT_PLAN`.
    pub(super) fn apply_env(&mut self, set: impl Fn(&str) -> Option<String>) -> Result<(), String> {
        if let Some(v) = set("REFERRALS_MEMBERS_REGISTRATION") {
            self.registration = Registration::parse(&v).ok_or_else(|| {
                format!(
                    "REFERRALS_MEMBERS_REGISTRATION must be open, invite or closed (it is {:?})",
                    v.chars().take(32).collect::<String>()
                )
            })?;
        }
        if let Some(v) = set("REFERRALS_MEMBERS_DEFAULT_PLAN") {
            self.default_plan = v.trim().parse().map_err(|_| {
                format!(
                    "REFERRALS_MEMBERS_DEFAULT_PLAN must be a plan id (it is {:?})",
                    v.chars().take(32).collect::<String>()
                )
            })?;
        }
        Ok(())
    }
}
