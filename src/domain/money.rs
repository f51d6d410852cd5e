//! Amounts of money as exact decimals: parsed from text into cents and written back with two
//! decimals ("10.00"). Never a float.

use super::ValidationError;

/// Largest amount accepted, in whole units.
pub const MAX_UNITS: u64 = 1_000_000_000;

/// Parses "10", "10.5" or "10.50" into the normalized "10.50". Positive, at most two decimals.
pub fn parse_amount(field: &'static str, raw: &str) -> Result<String, ValidationError> {
    match parse_cents(raw) {
        Some(cents) if cents > 0 => Ok(amount(cents)),
        _ => Err(ValidationError::new(
            field,
            format!("{field} must be a positive amount with at most two decimals, such as \"10.00\""),
        )),
    }
}

/// Parses an amount that may be zero ("0", "0.00", "25.5"), such as a minimum, into cents.
pub fn parse_minimum(field: &'static str, raw: &str) -> Result<u64, ValidationError> {
    parse_cents(raw).ok_or_else(|| {
        ValidationError::new(
            field,
            format!("{field} must be an amount of zero or more with at most two decimals, such as \"25.00\""),
        )
    })
}

/// The cents of "10", "10.5" or "10.50" (zero included), at most [`MAX_UNITS`] units.
fn parse_cents(raw: &str) -> Option<u64> {
    let raw = raw.trim();
    let (units, fraction) = raw.split_once('.').unwrap_or((raw, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if units.is_empty() || units.len() > 10 || !digits(units) || fraction.len() > 2 || !digits(fraction) {
        return None;
    }
    if raw.ends_with('.') {
        return None;
    }
    let units: u64 = units.parse().ok()?;
    let cents: u64 = format!("{fraction:0<2}").parse().ok()?;
    (units <= MAX_UNITS).then_some(units * 100 + cents)
}

/// The cents of an amount as [`parse_amount`] writes it ("10.50": 1050); `None` for any
/// other text.
pub fn cents(amount: &str) -> Option<u64> {
    let (units, fraction) = amount.split_once('.')?;
    if fraction.len() != 2 || units.is_empty() || !units.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    units.parse::<u64>().ok()?.checked_mul(100)?.checked_add(fraction.parse().ok()?)
}

/// `cents` written with two decimals (1050: "10.50").
pub fn amount(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_and_refuses() {
        assert_eq!(parse_amount("v", "10").unwrap(), "10.00");
        assert_eq!(parse_amount("v", "10.5").unwrap(), "10.50");
        assert_eq!(parse_amount("v", " 0.01 ").unwrap(), "0.01");
        for bad in ["", "0", "0.00", "-1", "1.234", "1e3", "abc", "1.", ".5", "1,00", "99999999999"] {
            assert!(parse_amount("v", bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn cents_and_back() {
        assert_eq!(cents("10.50"), Some(1050));
        assert_eq!(cents("0.01"), Some(1));
        assert_eq!(amount(1050), "10.50");
        assert_eq!(amount(7), "0.07");
        for bad in ["10", "10.5", "1.234", "-1.00", "a.bc", ""] {
            assert_eq!(cents(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn minimums_may_be_zero() {
        for zero in ["0", "0.0", "0.00", " 0 "] {
            assert_eq!(parse_minimum("m", zero).unwrap(), 0, "{zero:?}");
        }
        assert_eq!(parse_minimum("m", "25").unwrap(), 2500);
        assert_eq!(parse_minimum("m", "25.5").unwrap(), 2550);
        for bad in ["", "-1", "0.001", "1e3", "abc", "0.", ".0", "99999999999"] {
            assert!(parse_minimum("m", bad).is_err(), "{bad:?}");
        }
    }
}
