//! The languages a participant reads the programme in, and how one is chosen: an explicit
//! choice (`?lang=`), else the first of the visitor's preferences (`Accept-Language`, best
//! first) that we ship, else the campaign's own. An unknown or unsupported tag falls through
//! to the next, never to an error. Texts are in `translations.rs`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::ValidationError;

/// A language we ship complete translations of. Stored (a campaign's) by variant position:
/// new languages are appended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    German,
    French,
    Spanish,
    /// Portuguese as spoken in Brazil (`pt` alone means it too).
    PortugueseBrazil,
    Italian,
    Dutch,
    Polish,
    Turkish,
    Japanese,
    Arabic,
    Hebrew,
}

impl Language {
    pub const ALL: [Language; 12] = [
        Self::English,
        Self::German,
        Self::French,
        Self::Spanish,
        Self::PortugueseBrazil,
        Self::Italian,
        Self::Dutch,
        Self::Polish,
        Self::Turkish,
        Self::Japanese,
        Self::Arabic,
        Self::Hebrew,
    ];

    /// Its BCP 47 tag, as pages (`<html lang>`) and the API write it.
    pub fn tag(self) -> &'static str {
        match self {
            Self::English => "en",
            Self::German => "de",
            Self::French => "fr",
            Self::Spanish => "es",
            Self::PortugueseBrazil => "pt-BR",
            Self::Italian => "it",
            Self::Dutch => "nl",
            Self::Polish => "pl",
            Self::Turkish => "tr",
            Self::Japanese => "ja",
            Self::Arabic => "ar",
            Self::Hebrew => "he",
        }
    }

    /// The language a tag names (`de`, `de-AT`, `PT-br`, `iw` for Hebrew), if we ship it;
    /// only the primary subtag decides.
    pub fn from_tag(tag: &str) -> Option<Self> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Some(match primary.as_str() {
            "en" => Self::English,
            "de" => Self::German,
            "fr" => Self::French,
            "es" => Self::Spanish,
            "pt" => Self::PortugueseBrazil,
            "it" => Self::Italian,
            "nl" => Self::Dutch,
            "pl" => Self::Polish,
            "tr" => Self::Turkish,
            "ja" => Self::Japanese,
            "ar" => Self::Arabic,
            "he" | "iw" => Self::Hebrew,
            _ => return None,
        })
    }

    /// A campaign's `language` as the API takes it: a tag of a language we ship.
    pub fn parse(field: &'static str, raw: &str) -> Result<Self, ValidationError> {
        Self::from_tag(raw).ok_or_else(|| {
            let tags: Vec<&str> = Self::ALL.iter().map(|l| l.tag()).collect();
            ValidationError::new(field, format!("{field} must be one of {}", tags.join(", ")))
        })
    }

    /// A participant's language as a signup names it: a language tag (`es`, `pt-BR`,
    /// `de-AT`). One we do not ship is no error, the participant reads the campaign's
    /// (`None`), as a page falls back; only what is not a tag at all is refused.
    pub fn parse_preference(field: &'static str, raw: Option<&str>) -> Result<Option<Self>, ValidationError> {
        let Some(raw) = raw.map(str::trim).filter(|raw| !raw.is_empty()) else { return Ok(None) };
        let tag_like = raw.len() <= 35 && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !tag_like {
            return Err(ValidationError::new(field, format!("{field} must be a language tag such as es or pt-BR")));
        }
        Ok(Self::from_tag(raw))
    }

    /// Its name in itself, as a menu of languages shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Self::English => "English",
            Self::German => "Deutsch",
            Self::French => "Français",
            Self::Spanish => "Español",
            Self::PortugueseBrazil => "Português (Brasil)",
            Self::Italian => "Italiano",
            Self::Dutch => "Nederlands",
            Self::Polish => "Polski",
            Self::Turkish => "Türkçe",
            Self::Japanese => "日本語",
            Self::Arabic => "العربية",
            Self::Hebrew => "עברית",
        }
    }

    /// Whether it is written right to left.
    pub fn is_rtl(self) -> bool {
        matches!(self, Self::Arabic | Self::Hebrew)
    }

    /// `rtl` or `ltr`, for `dir`.
    pub fn direction(self) -> &'static str {
        if self.is_rtl() {
            "rtl"
        } else {
            "ltr"
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// The language to use: the explicit choice if we ship it, else the first preference we
/// ship (`preferences` best first, as `Accept-Language` ranks them), else `fallback` (the
/// campaign's).
pub fn choose<'a>(
    explicit: Option<&str>,
    preferences: impl IntoIterator<Item = &'a str>,
    fallback: Language,
) -> Language {
    explicit
        .and_then(Language::from_tag)
        .or_else(|| preferences.into_iter().find_map(Language::from_tag))
        .unwrap_or(fallback)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_reads_its_own_tag_back() {
        for language in Language::ALL {
            assert_eq!(Language::from_tag(language.tag()), Some(language));
        }
        assert_eq!(Language::from_tag("de-AT"), Some(Language::German));
        assert_eq!(Language::from_tag("pt_PT"), Some(Language::PortugueseBrazil));
        assert_eq!(Language::from_tag("IW"), Some(Language::Hebrew));
        for unknown in ["", "*", "xx", "zh-CN", "english", "-de"] {
            assert_eq!(Language::from_tag(unknown), None, "{unknown:?}");
        }
    }

    #[test]
    fn an_explicit_choice_wins_then_the_visitor_then_the_campaign() {
        let german = ["de-DE", "de"];
        assert_eq!(choose(Some("fr"), german, Language::Spanish), Language::French);
        assert_eq!(choose(Some("xx"), german, Language::Spanish), Language::German, "unknown: ignored");
        assert_eq!(choose(None, ["zh", "*", "ja"], Language::Spanish), Language::Japanese, "first we ship");
        assert_eq!(choose(None, ["zh"], Language::Spanish), Language::Spanish);
        assert_eq!(choose(None, [], Language::default()), Language::English);
    }

    #[test]
    fn a_campaigns_language_must_be_one_we_ship() {
        assert_eq!(Language::parse("language", "pt-BR").unwrap(), Language::PortugueseBrazil);
        let refused = Language::parse("language", "klingon").unwrap_err().to_string();
        assert!(refused.contains("language must be one of en, de, fr"), "{refused}");
    }

    #[test]
    fn arabic_and_hebrew_read_right_to_left() {
        let rtl: Vec<&str> = Language::ALL.iter().filter(|l| l.is_rtl()).map(|l| l.tag()).collect();
        assert_eq!(rtl, ["ar", "he"]);
        assert_eq!(Language::Hebrew.direction(), "rtl");
        assert_eq!(Language::Japanese.direction(), "ltr");
    }
}
