//! Faults a test can switch on, to prove that an endpoint fails the way it promises when what
//! is under it breaks (a real store failure cannot be caused from outside the process on
//! demand). They are read once at start-up from `REFERRALS_TEST_FAULTS`, a comma-separated
//! list of names; unknown names are refused. Nothing is on unless that variable is set, and
//! the server warns at start-up when something is.

/// The faults that are on.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Faults {
    /// Every store read of the click endpoint fails.
    pub click_store: bool,
    /// Once a file named [`FAIL_FLUSH_TRIGGER`] exists in the data directory, every
    /// group-commit flush fails as a dying disk's would (EIO). A test creates the file when it
    /// wants the disk to break, after setting up what it needs.
    pub disk_flush: bool,
    /// While a file named [`MAIL_HOLD_TRIGGER`] exists in the data directory, the mailer
    /// sends nothing: a test stops the server with emails committed and not yet sent.
    pub mail_hold: bool,
    /// While a file named [`BACKUP_HOLD_TRIGGER`] exists in the data directory, a backup
    /// waits halfway through its copy (and says so with a file named
    /// [`BACKUP_HELD_MARKER`]): a test writes while a backup runs.
    pub backup_hold: bool,
}

/// The file whose presence in the data directory holds a backup under the `backup_hold` fault.
pub const BACKUP_HOLD_TRIGGER: &str = "hold-backup";

/// The file a backup held by the `backup_hold` fault creates in the data directory.
pub const BACKUP_HELD_MARKER: &str = "backup-held";

/// The file whose presence in the data directory holds the mailer under the `mail_hold` fault.
pub const MAIL_HOLD_TRIGGER: &str = "hold-mail";

/// The file whose presence in the data directory breaks the disk under the `disk_flush` fault.
pub const FAIL_FLUSH_TRIGGER: &str = "fail-flush";

/// The variable that names the faults to switch on.
pub const VARIABLE: &str = "REFERRALS_TEST_FAULTS";

impl Faults {
    /// Parses a list such as `click_store`.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut faults = Self::default();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "click_store" => faults.click_store = true,
                "disk_flush" => faults.disk_flush = true,
                "mail_hold" => faults.mail_hold = true,
                "backup_hold" => faults.backup_hold = true,
                other => {
                    return Err(format!(
                        "{VARIABLE}: unknown fault {other:?} (known: click_store, disk_flush, mail_hold, backup_hold)"
                    ))
                }
            }
        }
        Ok(faults)
    }

    /// The faults named by the environment.
    pub fn from_env() -> Result<Self, String> {
        Self::parse(&std::env::var(VARIABLE).unwrap_or_default())
    }

    pub fn any(&self) -> bool {
        *self != Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_known_names_and_refuses_others() {
        assert_eq!(Faults::parse("").unwrap(), Faults::default());
        assert!(Faults::parse(" click_store ").unwrap().click_store);
        let both = Faults::parse("click_store,disk_flush").unwrap();
        assert!(both.click_store && both.disk_flush);
        assert!(Faults::parse("click_store,nope").is_err());
    }
}
