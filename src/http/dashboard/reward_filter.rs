//! The criteria of a campaign's rewards list (state, kind, participant, page) as a query
//! gives them, and the query that shows the list again: read by the list, and carried by a
//! move's form so that the browser comes back to the list as it was filtered.

use crate::domain::campaign::RewardType;
use crate::domain::RewardStatus;

/// The list's criteria, as its query gives them (anything unreadable is left out).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListFilter {
    pub status: Option<RewardStatus>,
    pub kind: Option<RewardType>,
    /// A participant id or email, as typed.
    pub participant: Option<String>,
    pub page: u64,
}

impl ListFilter {
    pub fn parse(status: Option<&str>, kind: Option<&str>, participant: Option<&str>, page: Option<&str>) -> Self {
        Self {
            status: status.and_then(|s| RewardStatus::parse(s).ok()),
            kind: kind.and_then(RewardType::from_name),
            participant: participant.map(str::trim).filter(|p| !p.is_empty() && p.len() <= 254).map(str::to_owned),
            page: page.and_then(|p| p.parse::<u64>().ok()).filter(|p| (1..=1_000_000).contains(p)).unwrap_or(1),
        }
    }

    /// The query that shows this list again (ends with `&` when not empty).
    pub fn query(&self) -> String {
        let mut out = url::form_urlencoded::Serializer::new(String::new());
        if let Some(status) = self.status {
            out.append_pair("status", status.name());
        }
        if let Some(kind) = self.kind {
            out.append_pair("kind", kind.name());
        }
        if let Some(participant) = &self.participant {
            out.append_pair("participant", participant);
        }
        if self.page > 1 {
            out.append_pair("page", &self.page.to_string());
        }
        let query = out.finish();
        if query.is_empty() {
            query
        } else {
            query + "&"
        }
    }

    /// The same criteria without the page (for the pager and the CSV link).
    pub fn without_page(&self) -> Self {
        Self { page: 1, ..self.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_filter_keeps_what_it_understands_and_drops_the_rest() {
        let filter = ListFilter::parse(Some("held"), Some("cash"), Some(" ann@example.com "), Some("2"));
        assert_eq!(filter.query(), "status=held&kind=cash&participant=ann%40example.com&page=2&");
        let odd = ListFilter::parse(Some("lost"), Some("gold"), Some(""), Some("0"));
        assert_eq!(odd, ListFilter { page: 1, ..Default::default() });
        assert_eq!(odd.query(), "");
    }
}
