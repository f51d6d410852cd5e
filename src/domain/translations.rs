//! What participants read, in every language we ship: Fluent messages, one file per
//! language in `locales/` (a translator edits text, not code), compiled into the binary and
//! parsed once. English is the reference: a test fails when any language lacks a message
//! English has or has one English does not, or a file does not parse. A message that is
//! somehow missing at run time falls back to English, then to its id: never an error.
//!
//! Fluent picks plural forms by the language's own rules (`[one]`, `[few]`, `[many]`…).
//! Values are inserted without Unicode isolation marks: pages set `dir` on the whole
//! document, and emails and tests read plain text.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

pub use fluent_bundle::FluentValue;

use super::language::Language;

/// Each language's messages, in `Language::ALL` order.
const SOURCES: [&str; 12] = [
    include_str!("locales/en.ftl"),
    include_str!("locales/de.ftl"),
    include_str!("locales/fr.ftl"),
    include_str!("locales/es.ftl"),
    include_str!("locales/pt-BR.ftl"),
    include_str!("locales/it.ftl"),
    include_str!("locales/nl.ftl"),
    include_str!("locales/pl.ftl"),
    include_str!("locales/tr.ftl"),
    include_str!("locales/ja.ftl"),
    include_str!("locales/ar.ftl"),
    include_str!("locales/he.ftl"),
];

static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> =
    LazyLock::new(|| Language::ALL.iter().zip(SOURCES).map(|(language, source)| bundle(*language, source)).collect());

/// One language's bundle. A file that does not parse keeps the messages that did (the
/// completeness test keeps such a file off main).
fn bundle(language: Language, source: &str) -> FluentBundle<FluentResource> {
    let resource = FluentResource::try_new(source.to_owned()).unwrap_or_else(|(partial, _)| partial);
    let id = language.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    // Only a message defined twice in one file is refused here; the first one stays.
    let _ = bundle.add_resource(resource);
    bundle
}

fn position(language: Language) -> usize {
    Language::ALL.iter().position(|l| *l == language).unwrap_or(0)
}

/// The message `id` in `language`, its placeables filled from `args`.
pub fn text_with(language: Language, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    for bundle in [&BUNDLES[position(language)], &BUNDLES[0]] {
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            return bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).into_owned();
        }
    }
    id.to_owned()
}

/// The message `id` in `language`, without placeables.
pub fn text(language: Language, id: &str) -> String {
    text_with(language, id, &[])
}

/// Numbers that between them fall in every plural category of every language we ship
/// (CLDR: 0 is Arabic's zero, 2 its two, 3 and 11 its few and many, 22 Polish's few, 25 its
/// many…).
const PLURAL_SAMPLES: [u64; 12] = [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 102];

/// A counted message for a script that fills in the count itself: for each plural category
/// of the language (`one`, `few`, `other`…, as the browser's `Intl.PluralRules` names them),
/// the message formatted for a number of that category with the number written `{n}`.
/// Other placeables are filled from `args` (pass `"{name}"` to leave one to the script too).
pub fn plural_forms(
    language: Language,
    id: &str,
    args: &[(&str, FluentValue<'_>)],
) -> std::collections::BTreeMap<&'static str, String> {
    use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
    let mut forms = std::collections::BTreeMap::new();
    let locale: Option<unic_langid::LanguageIdentifier> = language.tag().parse().ok();
    let rules = locale.and_then(|l| PluralRules::create(l, PluralRuleType::CARDINAL).ok());
    for n in PLURAL_SAMPLES {
        let category = match rules.as_ref().and_then(|r| r.select(n).ok()) {
            Some(PluralCategory::ZERO) => "zero",
            Some(PluralCategory::ONE) => "one",
            Some(PluralCategory::TWO) => "two",
            Some(PluralCategory::FEW) => "few",
            Some(PluralCategory::MANY) => "many",
            Some(PluralCategory::OTHER) | None => "other",
        };
        if forms.contains_key(category) {
            continue;
        }
        let mut all: Vec<(&str, FluentValue<'_>)> = args.to_vec();
        all.push(("count", n.into()));
        forms.insert(category, text_with(language, id, &all).replace(&n.to_string(), "{n}"));
    }
    forms
}

/// What pages need to say things in one language: `t.text("id")`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Texts(pub Language);

impl Texts {
    pub fn text(self, id: &str) -> String {
        text(self.0, id)
    }

    pub fn with(self, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        text_with(self.0, id, args)
    }

    pub fn language(self) -> Language {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use fluent_syntax::ast::Entry;

    use super::*;

    /// The ids of a file's messages, and what did not parse.
    fn ids(source: &str) -> (BTreeSet<String>, usize) {
        let (resource, errors) = match fluent_syntax::parser::parse(source) {
            Ok(resource) => (resource, 0),
            Err((resource, errors)) => (resource, errors.len()),
        };
        let ids = resource
            .body
            .iter()
            .filter_map(|entry| match entry {
                Entry::Message(message) => Some(message.id.name.to_owned()),
                _ => None,
            })
            .collect();
        (ids, errors)
    }

    #[test]
    fn every_language_has_exactly_the_messages_english_has() {
        let (english, errors) = ids(SOURCES[0]);
        assert_eq!(errors, 0, "en.ftl does not parse");
        assert!(english.len() > 50, "{} messages", english.len());
        for (language, source) in Language::ALL.iter().zip(SOURCES).skip(1) {
            let (theirs, errors) = ids(source);
            assert_eq!(errors, 0, "{language}.ftl does not parse");
            let missing: Vec<_> = english.difference(&theirs).collect();
            let extra: Vec<_> = theirs.difference(&english).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{language}: missing {missing:?}, not in English {extra:?}"
            );
        }
    }

    #[test]
    fn every_message_formats_in_every_language_with_its_placeables_filled() {
        let args: [(&str, FluentValue<'_>); 16] = [
            ("friend", "Bo".into()),
            ("link", "https://beans.example/r/x".into()),
            ("name", "Ann".into()),
            ("campaign", "Beans".into()),
            ("shop", "beans.example".into()),
            ("amount", "5.00 USD".into()),
            ("minutes", 3.into()),
            ("count", 2.into()),
            ("position", 4.into()),
            ("target", 5.into()),
            ("reward", "a bag".into()),
            ("steps", "a bag at 2".into()),
            ("domain", "beans.example".into()),
            ("period", "03/01/2027".into()),
            ("uses", 7.into()),
            ("conversions", 3.into()),
        ];
        let (english, _) = ids(SOURCES[0]);
        for language in Language::ALL {
            for id in &english {
                let shown = text_with(language, id, &args);
                assert!(!shown.trim().is_empty() && shown != *id, "{language} {id}: {shown:?}");
                assert!(!shown.contains('{') && !shown.contains('$'), "{language} {id} left a placeable: {shown}");
            }
        }
    }

    #[test]
    fn plurals_follow_each_languages_rules() {
        let count = |language, n: i64| text_with(language, "portal-referred-count", &[("count", n.into())]);
        assert_eq!(count(Language::English, 1), "You referred one person.");
        assert_eq!(count(Language::English, 2), "You referred 2 people.");
        assert_eq!(count(Language::Polish, 3), "Poleciłeś 3 osoby.");
        assert_eq!(count(Language::Polish, 5), "Poleciłeś 5 osób.");
        assert_eq!(count(Language::Polish, 22), "Poleciłeś 22 osoby.");
        assert_eq!(count(Language::Arabic, 2), "أحلت شخصين.");
        assert_eq!(count(Language::Arabic, 3), "أحلت 3 أشخاص.");
        assert_eq!(count(Language::Arabic, 11), "أحلت 11 شخصًا.");
        assert_eq!(count(Language::French, 1), "Vous avez parrainé 1 personne.");
        assert_eq!(count(Language::Japanese, 1), "1人を紹介しました。");
    }

    #[test]
    fn a_counted_message_has_a_form_for_each_plural_category_with_its_number_left_to_fill() {
        let english = plural_forms(Language::English, "widget-friends-joined", &[]);
        assert_eq!(english.keys().copied().collect::<Vec<_>>(), ["one", "other"]);
        assert_eq!((english["one"].as_str(), english["other"].as_str()), ("{n} friend joined", "{n} friends joined"));
        let polish = plural_forms(Language::Polish, "widget-behind", &[]);
        assert_eq!(polish.keys().copied().collect::<Vec<_>>(), ["few", "many", "one"], "other: fractions only");
        assert_eq!(polish["many"], "{n} osób za tobą.");
        let arabic = plural_forms(Language::Arabic, "widget-friends", &[]);
        assert_eq!(arabic.len(), 6, "{arabic:?}");
        assert_eq!(arabic["two"], "صديقان");
        let japanese = plural_forms(Language::Japanese, "widget-more-for-tier", &[("target", "{target}".into())]);
        assert_eq!(japanese.keys().copied().collect::<Vec<_>>(), ["other"]);
        assert!(japanese["other"].contains("{n}") && japanese["other"].contains("{target}"), "{japanese:?}");
    }

    #[test]
    fn a_missing_message_falls_back_to_english_then_its_id() {
        assert_eq!(text(Language::German, "portal-copy"), "Kopieren");
        assert_eq!(text(Language::German, "no-such-message"), "no-such-message");
    }
}
