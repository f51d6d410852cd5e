//! Pagination of list endpoints: `page` from 1 (default 1), `limit` default 20, above 100
//! clamped to 100; zero, negative or non-numeric values are refused.

use serde::Serialize;

use super::ValidationError;

pub const DEFAULT_LIMIT: u64 = 20;
pub const MAX_LIMIT: u64 = 100;

/// A validated page request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u64,
    pub limit: u64,
}

impl PageRequest {
    /// Parses the raw query values (absent = default). Values are taken as text so that
    /// "abc", "-1" and "1.5" get the same clear message as "0".
    pub fn parse(page: Option<&str>, limit: Option<&str>) -> Result<Self, ValidationError> {
        let positive = |field: &'static str, raw: &str| -> Result<u64, ValidationError> {
            match raw.trim().parse::<u64>() {
                Ok(n) if n >= 1 => Ok(n),
                _ => Err(ValidationError::new(field, format!("{field} must be a whole number of at least 1"))),
            }
        };
        let page = page.map(|p| positive("page", p)).transpose()?.unwrap_or(1);
        let limit = limit.map(|l| positive("limit", l)).transpose()?.unwrap_or(DEFAULT_LIMIT).min(MAX_LIMIT);
        // Keep offset arithmetic far from overflow; no store holds this many rows.
        if page > 1_000_000_000 {
            return Err(ValidationError::new("page", "page is too large"));
        }
        Ok(Self { page, limit })
    }

    /// Number of items to skip.
    pub fn offset(&self) -> u64 {
        (self.page - 1) * self.limit
    }
}

impl Default for PageRequest {
    fn default() -> Self {
        Self { page: 1, limit: DEFAULT_LIMIT }
    }
}

/// The pagination object of every list answer.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[schema(as = Pagination)]
pub struct Page {
    /// From 1.
    pub page: u64,
    /// 1 to 100 (default 20; larger values are clamped).
    pub limit: u64,
    pub total: u64,
    #[serde(rename = "totalPages")]
    pub total_pages: u64,
}

impl Page {
    pub fn new(request: PageRequest, total: u64) -> Self {
        Self { page: request.page, limit: request.limit, total, total_pages: total.div_ceil(request.limit) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_clamping() {
        assert_eq!(PageRequest::parse(None, None).unwrap(), PageRequest { page: 1, limit: 20 });
        assert_eq!(PageRequest::parse(Some("3"), Some("500")).unwrap(), PageRequest { page: 3, limit: 100 });
        assert_eq!(PageRequest::parse(Some("2"), Some("10")).unwrap().offset(), 10);
    }

    #[test]
    fn zero_negative_and_garbage_are_refused() {
        for bad in ["0", "-1", "abc", "1.5", "", "99999999999999999999999"] {
            assert!(PageRequest::parse(Some(bad), None).is_err(), "page {bad:?}");
            assert!(PageRequest::parse(None, Some(bad)).is_err(), "limit {bad:?}");
        }
    }

    #[test]
    fn total_pages_rounds_up() {
        let req = PageRequest { page: 1, limit: 20 };
        assert_eq!(Page::new(req, 0).total_pages, 0);
        assert_eq!(Page::new(req, 20).total_pages, 1);
        assert_eq!(Page::new(req, 21).total_pages, 2);
    }
}
