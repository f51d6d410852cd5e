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
}

/// The variable that names the faults to switch on.
pub const VARIABLE: &str = "REFERRALS_TEST_FAULTS";

impl Faults {
    /// Parses a list such as `click_store`.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut faults = Self::default();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "click_store" => faults.click_store = true,
                other => return Err(format!("{VARIABLE}: unknown fault {other:?} (known: click_store)")),
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
        assert!(Faults::parse("click_store,nope").is_err());
    }
}
