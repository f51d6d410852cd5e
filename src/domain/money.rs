//! Amounts of money as exact decimals: parsed from text into cents and written back with two
//! decimals ("10.00"). Never a float.

use super::ValidationError;

/// Largest amount accepted, in whole units.
pub const MAX_UNITS: u64 = 1_000_000_000;

/// Parses "10", "10.5" or "10.50" into the normalized "10.50". Positive, at most two decimals.
pub fn parse_amount(field: &'static str, raw: &str) -> Result<String, ValidationError> {
    let invalid = || {
        ValidationError::new(
            field,
            format!("{field} must be a positive amount with at most two decimals, such as \"10.00\""),
        )
    };
    let raw = raw.trim();
    let (units, fraction) = raw.split_once('.').unwrap_or((raw, ""));
    if units.is_empty()
        || units.len() > 10
        || !units.bytes().all(|b| b.is_ascii_digit())
        || fraction.len() > 2
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(invalid());
    }
    if raw.ends_with('.') {
        return Err(invalid());
    }
    let units: u64 = units.parse().map_err(|_| invalid())?;
    let cents: u64 = format!("{fraction:0<2}").parse().map_err(|_| invalid())?;
    if units > MAX_UNITS || (units == 0 && cents == 0) {
        return Err(invalid());
    }
    Ok(format!("{units}.{cents:02}"))
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
}
