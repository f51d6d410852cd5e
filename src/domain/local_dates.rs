//! How a language writes a day: `28 Nov 2026` in English, `28. Nov. 2026` in German,
//! `2026年11月28日` in Japanese: the day, the month's short name in the reader's language (the
//! locale data of chrono's `unstable-locales`, from glibc's) and the year, never a numeric
//! date that one reader takes for the 11th of a month and another for the 28th. What
//! participants read in the portal, as the dashboard writes "6 Dec 2026"; the exact moment
//! stays in `<time datetime>`.

use super::language::Language;

/// The day of an RFC 3339 timestamp (in UTC, as we store them), as a reader of `language`
/// writes it. Anything else is shown as it is.
pub fn date_shown(language: Language, timestamp: &str) -> String {
    use chrono::Locale;
    let Ok(at) = chrono::DateTime::parse_from_rfc3339(timestamp) else { return timestamp.to_owned() };
    let day = at.with_timezone(&chrono::Utc).date_naive();
    let (pattern, locale) = match language {
        Language::English => ("%-d %b %Y", Locale::en_GB),
        Language::German => ("%-d. %b %Y", Locale::de_DE),
        Language::French => ("%-d %b %Y", Locale::fr_FR),
        Language::Spanish => ("%-d %b %Y", Locale::es_ES),
        Language::PortugueseBrazil => ("%-d %b %Y", Locale::pt_BR),
        Language::Italian => ("%-d %b %Y", Locale::it_IT),
        Language::Dutch => ("%-d %b %Y", Locale::nl_NL),
        Language::Polish => ("%-d %b %Y", Locale::pl_PL),
        Language::Turkish => ("%-d %b %Y", Locale::tr_TR),
        Language::Hebrew => ("%-d %b %Y", Locale::he_IL),
        Language::Arabic => ("%-d %b %Y", Locale::ar_EG),
        Language::Japanese => ("%Y年%-m月%-d日", Locale::ja_JP),
    };
    day.format_localized(pattern, locale).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_written_the_readers_way_with_the_months_name() {
        let at = "2026-12-06T23:30:00Z";
        let shown: Vec<String> = [Language::English, Language::German, Language::Spanish, Language::Japanese]
            .into_iter()
            .map(|l| date_shown(l, at))
            .collect();
        assert_eq!(shown[0], "6 Dec 2026");
        assert!(shown[1].starts_with("6. Dez") && shown[1].ends_with("2026"), "{}", shown[1]);
        assert!(shown[2].starts_with("6 dic") && shown[2].ends_with("2026"), "{}", shown[2]);
        assert_eq!(shown[3], "2026年12月6日");
        assert_eq!(date_shown(Language::English, "2026-03-07T23:30:00-02:00"), "8 Mar 2026", "the day in UTC");
        assert_eq!(date_shown(Language::French, "not a time"), "not a time");
        // Every language writes the year and a month that is no number.
        for language in Language::ALL {
            let day = date_shown(language, "2026-03-07T12:00:00Z");
            assert!(day.contains("2026") && !day.contains("/03/") && !day.contains(".03."), "{language:?}: {day}");
        }
    }
}
