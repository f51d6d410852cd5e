//! Amounts of money as exact decimals: parsed from text into cents and written back with two
//! decimals ("10.00"). Never a float.

use super::language::Language;
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

/// How a language writes an amount of money (after CLDR's patterns, with Latin digits
/// everywhere): its decimal and grouping marks, from how many digits it groups, and where the
/// currency's symbol goes.
struct MoneyStyle {
    decimal: char,
    group: &'static str,
    /// Spanish and Polish leave four-digit amounts whole ("1234,50 €", "12.345,50 €").
    min_grouped: usize,
    /// `Some(gap)`: the symbol comes first, then `gap`; `None`: it comes last, after a
    /// no-break space.
    symbol_first: Option<&'static str>,
}

fn style(language: Language) -> MoneyStyle {
    let (nbsp, narrow) = ("\u{a0}", "\u{202f}");
    let (decimal, group, min_grouped, symbol_first) = match language {
        Language::English | Language::Japanese => ('.', ",", 4, Some("")),
        Language::German | Language::Italian => (',', ".", 4, None),
        Language::French => (',', narrow, 4, None),
        Language::Spanish => (',', ".", 5, None),
        Language::Polish => (',', nbsp, 5, None),
        Language::PortugueseBrazil => (',', ".", 4, Some(nbsp)),
        Language::Dutch => (',', ".", 4, Some(nbsp)),
        Language::Turkish => (',', ".", 4, Some("")),
        Language::Arabic | Language::Hebrew => ('.', ",", 4, None),
    };
    MoneyStyle { decimal, group, min_grouped, symbol_first }
}

/// The symbol of a currency readers know by one, else its ISO code.
fn symbol(currency: &str) -> &str {
    match currency {
        "USD" => "$",
        "EUR" => "€",
        "GBP" => "£",
        "JPY" => "¥",
        "BRL" => "R$",
        "PLN" => "zł",
        "TRY" => "₺",
        "ILS" => "₪",
        other => other,
    }
}

/// An amount as a reader of `language` writes it: `1.234,50 €` in German, `$1,234.50` in
/// English, `¥1,235` (no decimals for the yen).
pub fn shown(language: Language, cents: u64, currency: &str) -> String {
    let style = style(language);
    let (units, fraction) =
        if currency == "JPY" { ((cents + 50) / 100, None) } else { (cents / 100, Some(cents % 100)) };
    let digits = units.to_string();
    let mut whole = String::new();
    for (i, digit) in digits.chars().enumerate() {
        let left = digits.len() - i;
        if i > 0 && left % 3 == 0 && digits.len() >= style.min_grouped {
            whole.push_str(style.group);
        }
        whole.push(digit);
    }
    let number = match fraction {
        Some(fraction) => format!("{whole}{}{fraction:02}", style.decimal),
        None => whole,
    };
    let symbol = symbol(currency);
    let symbol =
        if symbol.len() == 3 && symbol.bytes().all(|b| b.is_ascii_uppercase()) && style.symbol_first == Some("") {
            format!("{symbol}\u{a0}")
        } else {
            symbol.to_owned()
        };
    match style.symbol_first {
        Some(gap) => format!("{symbol}{gap}{number}"),
        None => format!("{number}\u{a0}{}", symbol.trim_end()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_writes_money_its_own_way() {
        let nb = '\u{a0}';
        assert_eq!(shown(Language::English, 123_450, "USD"), "$1,234.50");
        assert_eq!(shown(Language::German, 123_450, "EUR"), format!("1.234,50{nb}€"));
        assert_eq!(shown(Language::French, 123_450, "EUR"), format!("1\u{202f}234,50{nb}€"));
        assert_eq!(shown(Language::Spanish, 123_450, "EUR"), format!("1234,50{nb}€"), "four digits stay whole");
        assert_eq!(shown(Language::Spanish, 1_234_550, "EUR"), format!("12.345,50{nb}€"));
        assert_eq!(shown(Language::PortugueseBrazil, 500, "BRL"), format!("R${nb}5,00"));
        assert_eq!(shown(Language::Dutch, 100_000_000, "EUR"), format!("€{nb}1.000.000,00"));
        assert_eq!(shown(Language::Japanese, 123_450, "JPY"), "¥1,235", "no decimals for the yen");
        assert_eq!(shown(Language::English, 5, "CHF"), format!("CHF{nb}0.05"), "a code, spaced");
        assert_eq!(shown(Language::Hebrew, 99_900, "ILS"), format!("999.00{nb}₪"));
        assert_eq!(shown(Language::English, 0, "USD"), "$0.00");
    }

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
