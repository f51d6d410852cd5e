//! How a language writes a day: `11/28/2026` in English, `28.11.2026` in German, `2026/11/28`
//! in Japanese (CLDR's numeric short dates, with four-digit years and Latin digits). What
//! participants read in the portal; the exact moment stays in `<time datetime>`.

use super::language::Language;

/// The day of an RFC 3339 timestamp (in UTC, as we store them), as a reader of `language`
/// writes it. Anything else is shown as it is.
pub fn date_shown(language: Language, timestamp: &str) -> String {
    let Ok(at) = chrono::DateTime::parse_from_rfc3339(timestamp) else { return timestamp.to_owned() };
    let day = at.with_timezone(&chrono::Utc).date_naive();
    let pattern = match language {
        Language::English => "%m/%d/%Y",
        Language::German | Language::Polish | Language::Turkish | Language::Hebrew => "%d.%m.%Y",
        Language::French | Language::Spanish | Language::PortugueseBrazil | Language::Italian | Language::Arabic => {
            "%d/%m/%Y"
        }
        Language::Dutch => "%d-%m-%Y",
        Language::Japanese => "%Y/%m/%d",
    };
    day.format(pattern).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_written_the_readers_way() {
        let at = "2026-03-07T23:30:00Z";
        let shown: Vec<String> =
            [Language::English, Language::German, Language::French, Language::Dutch, Language::Japanese]
                .into_iter()
                .map(|l| date_shown(l, at))
                .collect();
        assert_eq!(shown, ["03/07/2026", "07.03.2026", "07/03/2026", "07-03-2026", "2026/03/07"]);
        assert_eq!(date_shown(Language::German, "2026-03-07T23:30:00-02:00"), "08.03.2026", "the day in UTC");
        assert_eq!(date_shown(Language::French, "not a time"), "not a time");
    }
}
