//! What a campaign form's fields show: what was posted (after a refusal, or with a preview),
//! else the campaign's. Shared by the campaign form's groups and the fraud page's form.

use super::form::FormData;
use crate::domain::Campaign;

/// The values the form shows: what was posted (after a refusal), else the campaign's (a new
/// campaign's are the defaults a campaign is created with).
pub struct Values<'a> {
    pub form: Option<&'a FormData>,
    pub campaign: &'a Campaign,
}

impl Values<'_> {
    pub fn get(&self, name: &str, stored: impl FnOnce(&Campaign) -> String) -> String {
        match self.form {
            Some(form) => form.text(name).to_owned(),
            None => stored(self.campaign),
        }
    }

    pub fn ticked(&self, name: &str, stored: impl FnOnce(&Campaign) -> bool) -> bool {
        match self.form {
            Some(form) => form.checked(name),
            None => stored(self.campaign),
        }
    }
}
