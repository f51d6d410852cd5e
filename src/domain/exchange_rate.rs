//! Exchange rates an owner gives for commissions on invoices in another currency than the
//! campaign's: `PUT /exchange-rates`, or `refctl rates import` of the European Central
//! Bank's CSV of reference rates. Rates are never fetched over the network. A commission is
//! converted at the latest rate of the invoice's date or the seven days before it: the pair
//! itself, its inverse, or through the euro (the ECB quotes every currency against it). The
//! rate and its date are kept with the commission: a later rate changes nothing made.

use chrono::{Days, NaiveDate};
use serde::{Deserialize, Serialize};

use super::commission::Exchange;
use super::ValidationError;

/// How many days before an invoice's date a rate still applies.
pub const RATE_VALID_DAYS: u64 = 7;

/// Most decimals a rate may have.
pub const MAX_RATE_DECIMALS: usize = 8;

/// Most rates one request may give.
pub const MAX_RATES_PER_REQUEST: usize = 5_000;

/// A rate as stored: `rate` units of `to` buy one unit of `from`, on `date`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeRate {
    /// ISO 4217, upper case.
    pub from: String,
    pub to: String,
    /// YYYY-MM-DD.
    pub date: String,
    /// As given, without trailing zeros cut ("1.0870").
    pub rate: String,
}

impl ExchangeRate {
    /// A rate from its parts, each checked; the error's field is `rates.from`, `rates.to`,
    /// `rates.date` or `rates.rate`, and its message names the rate by `at` ("rates[3]").
    pub fn parse(at: &str, from: &str, to: &str, date: &str, rate: &str) -> Result<Self, ValidationError> {
        let code = |field: &'static str, raw: &str| {
            super::currency::parse(field, raw)
                .map_err(|_| ValidationError::new(field, format!("{at}: {field} must be an ISO 4217 code such as EUR")))
        };
        let from = code("rates.from", from)?;
        let to = code("rates.to", to)?;
        if from == to {
            return Err(ValidationError::new("rates.to", format!("{at}: rates.to must be another currency than from")));
        }
        let date = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").map_err(|_| {
            ValidationError::new("rates.date", format!("{at}: rates.date must be a date such as 2027-03-01"))
        })?;
        let rate = rate.trim().to_owned();
        if fraction(&rate).is_none() {
            return Err(ValidationError::new(
                "rates.rate",
                format!("{at}: rates.rate must be a positive decimal of at most {MAX_RATE_DECIMALS} decimals, such as 1.0870"),
            ));
        }
        Ok(Self { from, to, date: date.format("%Y-%m-%d").to_string(), rate })
    }

    /// The day, as a number of days since the Unix epoch (what a store orders rates by).
    pub fn day(&self) -> i32 {
        day_number(&self.date).unwrap_or(0)
    }
}

/// `rates` with one rate per pair and date: a later one replaces an earlier one.
pub fn last_of_each(rates: Vec<ExchangeRate>) -> Vec<ExchangeRate> {
    let mut kept: std::collections::BTreeMap<(String, String, String), ExchangeRate> = Default::default();
    for rate in rates {
        kept.insert((rate.date.clone(), rate.from.clone(), rate.to.clone()), rate);
    }
    kept.into_values().collect()
}

/// Days since the Unix epoch of a YYYY-MM-DD date.
pub fn day_number(date: &str) -> Option<i32> {
    let date = NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
    i32::try_from((date - NaiveDate::from_ymd_opt(1970, 1, 1)?).num_days()).ok()
}

/// The first day (days since the epoch) whose rates apply on `day`.
pub fn oldest_applying(day: i32) -> i32 {
    day - RATE_VALID_DAYS as i32
}

/// A positive decimal as an exact fraction (units, per): "1.0870" is (10870, 10000).
fn fraction(text: &str) -> Option<(u128, u128)> {
    let (units, decimals) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(units)
        || units.len() > 12
        || decimals.len() > MAX_RATE_DECIMALS
        || (!decimals.is_empty() && !digits(decimals))
    {
        return None;
    }
    let per = 10u128.pow(decimals.len() as u32);
    let value = format!("{units}{decimals}").parse::<u128>().ok()?;
    (value > 0).then_some((value, per))
}

/// How one currency turns into another at a rate found, with the rate as a reader writes it
/// and its date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversion {
    pub exchange: Exchange,
    /// "1.0870", or for an inverse or a rate through the euro, the fraction written with
    /// eight decimals.
    pub rate: String,
    pub date: String,
}

/// How `from` turns into `to` with `rates`, those an owner gave within the week before the
/// invoice's day (each the latest of its pair): the pair, its inverse, or through EUR.
pub fn convert(from: &str, to: &str, rates: &[ExchangeRate]) -> Option<Conversion> {
    let digits = |code: &str| super::currency::minor_digits(code).unwrap_or(2);
    let (from_digits, to_digits) = (digits(from), digits(to));
    let pair = |a: &str, b: &str| rates.iter().find(|r| r.from == a && r.to == b);
    let made = |units: u128, per: u128, rate: String, date: &str| Conversion {
        exchange: Exchange { units, per, from_digits, to_digits },
        rate,
        date: date.to_owned(),
    };
    if let Some(r) = pair(from, to) {
        let (units, per) = fraction(&r.rate)?;
        return Some(made(units, per, r.rate.clone(), &r.date));
    }
    if let Some(r) = pair(to, from) {
        let (units, per) = fraction(&r.rate)?;
        return Some(made(per, units, written(per, units), &r.date));
    }
    let into_euro = match from {
        "EUR" => Some(((1, 1), None)),
        _ => pair("EUR", from).and_then(|r| Some((fraction(&r.rate).map(|(u, p)| (p, u))?, Some(r.date.clone())))),
    };
    let out_of_euro = match to {
        "EUR" => Some(((1, 1), None)),
        _ => pair("EUR", to).and_then(|r| Some((fraction(&r.rate)?, Some(r.date.clone())))),
    };
    let (((u1, p1), d1), ((u2, p2), d2)) = (into_euro?, out_of_euro?);
    let (units, per) = (u1 * u2, p1 * p2);
    // The older of the two dates is the one the conversion rests on.
    let date = match (d1, d2) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b)?,
    };
    Some(made(units, per, written(units, per), &date))
}

/// `units / per` with eight decimals, rounded half to even.
fn written(units: u128, per: u128) -> String {
    let scaled = super::commission::half_even(units * 100_000_000, per.max(1));
    format!("{}.{:08}", scaled / 100_000_000, scaled % 100_000_000)
}

/// The YYYY-MM-DD date of a Unix time, and the one a week before it.
pub fn window_of(unix_seconds: i64) -> (String, String) {
    let day = chrono::DateTime::from_timestamp(unix_seconds, 0).unwrap_or_default().date_naive();
    let from = day.checked_sub_days(Days::new(RATE_VALID_DAYS)).unwrap_or(day);
    (from.format("%Y-%m-%d").to_string(), day.format("%Y-%m-%d").to_string())
}

/// The European Central Bank's CSV of reference rates (`eurofxref-hist.csv`, or a day's
/// `eurofxref.csv`): a `Date` column, then one column per currency of its units per euro;
/// `N/A` or an empty cell where the ECB has none. Each row and column is read as a rate
/// from EUR. The error names the line.
pub fn read_ecb_csv(text: &str) -> Result<Vec<ExchangeRate>, ValidationError> {
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).flexible(true).from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| ValidationError::new("file", format!("the file is not a CSV of rates: {e}")))?
        .clone();
    if headers.get(0) != Some("Date") {
        return Err(ValidationError::new("file", "the ECB's CSV starts with a Date column"));
    }
    let mut rates = Vec::new();
    for (line, record) in reader.records().enumerate() {
        let at = format!("line {}", line + 2);
        let record = record.map_err(|e| ValidationError::new("file", format!("{at}: {e}")))?;
        let date = record.get(0).unwrap_or("");
        for (currency, rate) in headers.iter().zip(record.iter()).skip(1) {
            if currency.is_empty() || rate.is_empty() || rate == "N/A" {
                continue;
            }
            // The ECB writes rates such as 1.0870 or 160.52; an old currency's column may
            // name a code ISO no longer lists: skipped, not refused.
            if super::currency::minor_digits(currency).is_none() {
                continue;
            }
            rates.push(ExchangeRate::parse(&at, "EUR", currency, date, rate)?);
        }
    }
    Ok(rates)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(from: &str, to: &str, date: &str, value: &str) -> ExchangeRate {
        ExchangeRate::parse("rates[0]", from, to, date, value).unwrap()
    }

    #[test]
    fn rates_are_checked_and_kept_as_given() {
        assert_eq!(rate("eur", "usd", "2027-03-01", " 1.0870 ").rate, "1.0870");
        for (from, to, date, value, field) in [
            ("EUR", "EUR", "2027-03-01", "1", "rates.to"),
            ("EUR", "XYZ", "2027-03-01", "1", "rates.to"),
            ("EUR", "USD", "1 March", "1", "rates.date"),
            ("EUR", "USD", "2027-03-01", "0", "rates.rate"),
            ("EUR", "USD", "2027-03-01", "-1.2", "rates.rate"),
            ("EUR", "USD", "2027-03-01", "1.123456789", "rates.rate"),
        ] {
            let error = ExchangeRate::parse("rates[0]", from, to, date, value).unwrap_err();
            assert_eq!(error.field, field, "{from} {to} {date} {value}");
            assert!(error.message.starts_with("rates[0]: "), "{}", error.message);
        }
        assert_eq!(rate("EUR", "USD", "1970-01-08", "1").day(), 7);
    }

    #[test]
    fn a_pair_its_inverse_or_a_way_through_the_euro_converts() {
        let rates = [rate("EUR", "USD", "2027-03-01", "1.0870"), rate("EUR", "JPY", "2027-02-27", "160.5")];
        let direct = convert("EUR", "USD", &rates).unwrap();
        assert_eq!((direct.exchange.units, direct.exchange.per, direct.rate.as_str()), (10_870, 10_000, "1.0870"));
        let inverse = convert("USD", "EUR", &rates).unwrap();
        assert_eq!((inverse.exchange.units, inverse.exchange.per), (10_000, 10_870));
        assert_eq!(inverse.rate, "0.91996320");
        let cross = convert("JPY", "USD", &rates).unwrap();
        assert_eq!((cross.exchange.units, cross.exchange.per), (10 * 10_870, 1_605 * 10_000));
        assert_eq!((cross.exchange.from_digits, cross.exchange.to_digits), (0, 2));
        assert_eq!(cross.date, "2027-02-27", "the older of the two rates");
        assert_eq!(convert("GBP", "USD", &rates), None);
    }

    #[test]
    fn the_ecb_csv_is_read_as_rates_from_the_euro() {
        let csv = "Date,USD,JPY,CYP,\n2027-03-01,1.0870,160.52,N/A,\n2027-02-28,1.0812,,0.58,\n";
        let rates = read_ecb_csv(csv).unwrap();
        let seen: Vec<_> = rates.iter().map(|r| (r.to.as_str(), r.date.as_str(), r.rate.as_str())).collect();
        assert_eq!(
            seen,
            [("USD", "2027-03-01", "1.0870"), ("JPY", "2027-03-01", "160.52"), ("USD", "2027-02-28", "1.0812")]
        );
        assert_eq!(read_ecb_csv("Day,USD\n").unwrap_err().field, "file");
        let message = read_ecb_csv("Date,USD\n2027-03-01,abc\n").unwrap_err().message;
        assert!(message.contains("line 2"), "{message}");
    }
}
