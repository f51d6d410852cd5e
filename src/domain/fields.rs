//! The fields of a JSON input, read with errors that name them: whole numbers in a range,
//! trimmed texts of a bounded length, RFC 3339 timestamps. What campaigns, contests and
//! waitlists share when they read their input.

use serde_json::Value;

use super::ValidationError;

/// A refusal of `field`.
pub(super) fn err(field: &'static str, message: impl Into<String>) -> ValidationError {
    ValidationError::new(field, message)
}

/// A whole number in `min..=max`, from a JSON number.
pub(super) fn whole(field: &'static str, value: &Value, min: u64, max: u64) -> Result<u64, ValidationError> {
    value
        .as_u64()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| err(field, format!("{field} must be a whole number from {min} to {max}")))
}

/// A trimmed, non-empty text of at most `max_chars`, without control characters but line breaks.
pub(super) fn text(field: &'static str, value: &Value, max_chars: usize) -> Result<String, ValidationError> {
    let s = value.as_str().ok_or_else(|| err(field, format!("{field} must be a string")))?.trim();
    if s.is_empty() {
        return Err(err(field, format!("{field} must not be empty")));
    }
    if s.chars().count() > max_chars {
        return Err(err(field, format!("{field} must be at most {max_chars} characters")));
    }
    if s.chars().any(|c| c.is_control() && c != '\n') {
        return Err(err(field, format!("{field} must not contain control characters")));
    }
    Ok(s.to_owned())
}

/// [`text`] of a string.
pub(super) fn short_text(field: &'static str, value: &str, max_chars: usize) -> Result<String, ValidationError> {
    text(field, &Value::String(value.to_owned()), max_chars)
}

/// An optional description (a brand's, a webhook's): trimmed, empty when absent, at most
/// `max_chars`, without control characters but line breaks, as every other text field.
pub fn description(raw: Option<&str>, max_chars: usize) -> Result<String, ValidationError> {
    let text = raw.unwrap_or("").trim();
    if text.chars().count() > max_chars {
        return Err(err("description", format!("description must be at most {max_chars} characters")));
    }
    if text.chars().any(|c| c.is_control() && c != '\n') {
        return Err(err("description", "description must not contain control characters other than line breaks"));
    }
    Ok(text.to_owned())
}

/// An RFC 3339 timestamp, as UTC to the second.
pub(super) fn timestamp(field: &'static str, value: &str) -> Result<String, ValidationError> {
    chrono::DateTime::parse_from_rfc3339(value.trim())
        .map(|t| t.with_timezone(&chrono::Utc).to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .map_err(|_| err(field, format!("{field} must be an RFC 3339 timestamp such as 2026-12-31T23:59:59Z")))
}
