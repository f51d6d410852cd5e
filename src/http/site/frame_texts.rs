//! The words of the widget's frame in one language, handed to its script with its settings
//! (`t` in the frame's config): each message as text, values the script fills in written
//! `{name}`, and each counted message as its form per plural category (`{n}` for the
//! count), which the script picks with the browser's `Intl.PluralRules`.

use std::sync::LazyLock;

use serde_json::{json, Map, Value};

use crate::domain::language::Language;
use crate::domain::translations::{plural_forms, Texts};

/// Messages shown as they are.
const PLAIN: [&str; 24] = [
    "widget-name-label",
    "widget-name-placeholder",
    "widget-email-label",
    "widget-preview-only",
    "widget-error",
    "widget-offline",
    "widget-reward-withdrawn",
    "widget-reward-on-its-way",
    "widget-your-coupon",
    "widget-your-reward",
    "widget-a-message",
    "widget-copy-code",
    "widget-copied",
    "widget-your-link",
    "widget-copy",
    "widget-press-ctrl-c",
    "widget-you-are-in",
    "widget-share-prompt",
    "widget-share-email",
    "widget-top-referrers",
    "widget-off-waitlist",
    "widget-every-reward-earned",
    "widget-tier-coupon",
    "widget-close",
];

/// Messages with a value the script fills in, and its name.
const FILLED: [(&str, &str); 3] =
    [("widget-welcome", "name"), ("widget-position", "position"), ("widget-tier-cash", "amount")];

/// Messages with a count, by plural category.
const COUNTED: [&str; 6] = [
    "widget-friends",
    "widget-friends-joined",
    "widget-more-for-next",
    "widget-more-for-tier",
    "widget-behind",
    "widget-moves-up",
];

/// Every language's frame words, built once: they change only with a release, and a frame
/// is a page view.
static BUILT: LazyLock<Vec<Value>> = LazyLock::new(|| Language::ALL.iter().map(|l| build(Texts(*l))).collect());

/// The frame's words in `t`'s language.
pub fn frame_texts(t: Texts) -> &'static Value {
    let at = Language::ALL.iter().position(|l| *l == t.language()).unwrap_or(0);
    &BUILT[at]
}

fn build(t: Texts) -> Value {
    let mut texts = Map::new();
    for id in PLAIN {
        texts.insert(id.into(), t.text(id).into());
    }
    for (id, value) in FILLED {
        texts.insert(id.into(), t.with(id, &[(value, format!("{{{value}}}").into())]).into());
    }
    let left_to_the_script = [("target", "{target}".into()), ("reward", "{reward}".into())];
    for id in COUNTED {
        texts.insert(id.into(), json!(plural_forms(t.language(), id, &left_to_the_script)));
    }
    Value::Object(texts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_gets_every_word_in_its_language_with_the_scripts_values_left_open() {
        let german = frame_texts(Texts(Language::German));
        assert_eq!(german["widget-your-link"], "Dein Empfehlungslink");
        assert_eq!(german["widget-welcome"], "Willkommen, {name}!");
        assert_eq!(
            german["widget-friends-joined"],
            json!({"one": "{n} Freund beigetreten", "other": "{n} Freunde beigetreten"})
        );
        assert_eq!(
            german["widget-more-for-tier"]["other"],
            "noch {n} bis zu deiner nächsten Prämie (bei {target}: {reward})"
        );
        let every = PLAIN.len() + FILLED.len() + COUNTED.len();
        for language in Language::ALL {
            let texts = frame_texts(Texts(language));
            assert_eq!(texts.as_object().unwrap().len(), every, "{language}");
            for id in COUNTED {
                let forms = texts[id].as_object().unwrap();
                assert!(forms.values().all(|f| !f.as_str().unwrap().contains('$')), "{language} {id}: {forms:?}");
            }
        }
    }
}
