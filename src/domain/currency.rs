//! Currencies as ISO 4217 defines them: which codes exist and how many decimals each one's
//! minor unit has (the yen none, the euro two, the Bahraini dinar three). The table is the
//! `iso_currency` crate's, generated from the ISO list, never a hand copy.

use iso_currency::Currency;

use super::ValidationError;

/// The decimals of `code`'s minor unit (upper case ISO 4217): 0 for JPY, 2 for EUR, 3 for
/// BHD. `None` for a code ISO 4217 does not list, or one without a minor unit (gold, SDRs).
pub fn minor_digits(code: &str) -> Option<u32> {
    Currency::from_code(code)?.exponent().map(u32::from)
}

/// A currency a price can be in: an ISO 4217 code with a minor unit, any case, kept upper
/// case. The message names `field`.
pub fn parse(field: &'static str, raw: &str) -> Result<String, ValidationError> {
    let code = raw.trim().to_ascii_uppercase();
    match minor_digits(&code) {
        Some(_) => Ok(code),
        None => Err(ValidationError::new(field, format!("{field} must be an ISO 4217 currency code such as EUR"))),
    }
}

/// `minor` units of `code` written as a decimal with the currency's own decimals: 2450 JPY
/// is "2450", 980 EUR "9.80", 1234 BHD "1.234". A code without a minor unit is written with
/// two decimals.
pub fn decimal(minor: u64, code: &str) -> String {
    let digits = minor_digits(code).unwrap_or(2);
    if digits == 0 {
        return minor.to_string();
    }
    let scale = 10u64.pow(digits);
    format!("{}.{:0width$}", minor / scale, minor % scale, width = digits as usize)
}

/// `minor` units of `code` in hundredths, the unit a cash reward's value, a payout and an
/// amount owed count in (a reward of 612 yen is "612.00"; one of 1.234 dinars, to the
/// hundredth, rounded half to even, "1.23").
pub fn hundredths(minor: u64, code: &str) -> u64 {
    match minor_digits(code).unwrap_or(2) {
        2 => minor,
        d if d < 2 => minor.saturating_mul(10u64.pow(2 - d)),
        d => super::commission::half_even(u128::from(minor), 10u128.pow(d - 2)) as u64,
    }
}

/// `hundredths` (an amount of two decimals, as a cash reward's value or a conversion's
/// `amount` count) in minor units of `code`: 612.00 yen is 612, 1.23 dinars 1230.
pub fn from_hundredths(hundredths: u64, code: &str) -> u64 {
    match minor_digits(code).unwrap_or(2) {
        2 => hundredths,
        d if d < 2 => hundredths / 10u64.pow(2 - d),
        d => hundredths.saturating_mul(10u64.pow(d - 2)),
    }
}

/// A cash reward's value of `minor` units of `code` (see [`hundredths`]).
pub fn cash_value(minor: u64, code: &str) -> String {
    super::money::amount(hundredths(minor, code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minor_units_come_from_the_iso_list() {
        assert_eq!(minor_digits("JPY"), Some(0));
        assert_eq!(minor_digits("EUR"), Some(2));
        assert_eq!(minor_digits("BHD"), Some(3));
        assert_eq!(minor_digits("KWD"), Some(3));
        assert_eq!(minor_digits("XAU"), None, "gold has no minor unit");
        assert_eq!(minor_digits("EURO"), None);
        assert_eq!(minor_digits("eur"), None, "codes are upper case");
    }

    #[test]
    fn codes_are_checked_and_amounts_written_with_the_currency_s_decimals() {
        assert_eq!(parse("currency", " eur ").unwrap(), "EUR");
        for bad in ["", "EU", "ABC", "XAU", "€"] {
            assert_eq!(parse("currency", bad).unwrap_err().field, "currency", "{bad}");
        }
        assert_eq!(decimal(2450, "JPY"), "2450");
        assert_eq!(decimal(980, "EUR"), "9.80");
        assert_eq!(decimal(5, "USD"), "0.05");
        assert_eq!(decimal(1234, "BHD"), "1.234");
        assert_eq!(decimal(7, "BHD"), "0.007");
        assert_eq!((cash_value(612, "JPY"), cash_value(980, "EUR")), ("612.00".into(), "9.80".into()));
        assert_eq!((cash_value(1235, "BHD"), cash_value(1245, "BHD")), ("1.24".into(), "1.24".into()));
        assert_eq!(
            (from_hundredths(61_200, "JPY"), from_hundredths(123, "BHD"), from_hundredths(980, "EUR")),
            (612, 1230, 980)
        );
    }
}
