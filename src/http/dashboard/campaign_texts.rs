//! The campaign form's "Texts per language" group: the owner's headline, button and
//! participant emails for the readers of each language (`texts` of the API body), and the
//! API body it makes of the posted fields. Fields are named `texts_<tag>_<field>`
//! (`texts_es_headline`, `texts_pt-BR_reward_text`).

use maud::{html, Markup};
use serde_json::{Map, Value};

use super::form::FormData;
use crate::domain::campaign_emails::EmailKind;
use crate::domain::campaign_texts::{LocalEmail, LocalTexts};
use crate::domain::language::Language;
use crate::domain::Campaign;

/// The participant emails an owner can write per language.
const EMAILS: [EmailKind; 3] = [EmailKind::Welcome, EmailKind::FriendJoined, EmailKind::Reward];

fn field(language: Language, name: &str) -> String {
    format!("texts_{}_{name}", language.tag())
}

/// The group, with what was posted (`form`, when the page shows a refused form again) or
/// what the campaign keeps.
pub fn texts_group(form: Option<&FormData>, campaign: &Campaign) -> Markup {
    let kept = |language: Language| campaign.texts.get(&language).cloned().unwrap_or_default();
    let value = |language: Language, name: &str, stored: &dyn Fn(&LocalTexts) -> Option<String>| match form {
        Some(form) => form.text(&field(language, name)).to_owned(),
        None => stored(&kept(language)).unwrap_or_default(),
    };
    let email = |texts: &LocalTexts, kind: EmailKind| texts.emails.of(kind).cloned().unwrap_or_default();
    html! {
        details.group open[!campaign.texts.is_empty()] {
            summary { "Texts per language" }
            input type="hidden" name="section" value="texts";
            p.hint {
                "For the readers of one language: what you write here replaces the headline, the button and the \
                 emails for them. Left empty, they read your texts above where you changed ours, else ours in \
                 their language."
            }
            @for language in Language::ALL {
                @let tag = language.tag();
                details.language open[campaign.texts.contains_key(&language)] {
                    summary { (language.native_name()) " (" (tag) ")" }
                    // Not "Headline" and "Button text": those name the fields above, once.
                    label for=(field(language, "headline")) { span.visually-hidden { (tag) ": " } "Widget heading" }
                    input id=(field(language, "headline")) type="text" name=(field(language, "headline")) maxlength="160"
                        lang=(tag) dir=(language.direction())
                        value=(value(language, "headline", &|t| t.headline.clone()));
                    label for=(field(language, "button_text")) { span.visually-hidden { (tag) ": " } "Button label" }
                    input id=(field(language, "button_text")) type="text" name=(field(language, "button_text"))
                        maxlength="60" lang=(tag) dir=(language.direction())
                        value=(value(language, "button_text", &|t| t.button_text.clone()));
                    @for kind in EMAILS {
                        @let subject = field(language, &format!("{}_subject", kind.name()));
                        @let text = field(language, &format!("{}_text", kind.name()));
                        label for=(subject) { span.visually-hidden { (tag) ": " } (kind_title(kind)) ": subject" }
                        input id=(subject) type="text" name=(subject) maxlength="200" lang=(tag) dir=(language.direction())
                            value=(value(language, &format!("{}_subject", kind.name()), &|t| email(t, kind).subject));
                        label for=(text) { span.visually-hidden { (tag) ": " } (kind_title(kind)) ": text" }
                        textarea id=(text) name=(text) rows="4" lang=(tag) dir=(language.direction()) {
                            (value(language, &format!("{}_text", kind.name()), &|t| email(t, kind).text))
                        }
                    }
                }
            }
        }
    }
}

fn kind_title(kind: EmailKind) -> &'static str {
    match kind {
        EmailKind::Welcome => "Welcome email",
        EmailKind::FriendJoined => "Friend joined email",
        _ => "Reward email",
    }
}

/// The API's `texts` from the posted fields: each language with at least one text, and in
/// it only the texts given.
pub fn texts_of(form: &FormData) -> Value {
    let given = |language: Language, name: &str| {
        let text = form.text(&field(language, name)).trim().replace("\r\n", "\n");
        (!text.is_empty()).then_some(text)
    };
    let mut texts = Map::new();
    for language in Language::ALL {
        let mut emails = Map::new();
        for kind in EMAILS {
            let own = LocalEmail {
                subject: given(language, &format!("{}_subject", kind.name())),
                text: given(language, &format!("{}_text", kind.name())),
            };
            if own.subject.is_some() || own.text.is_some() {
                emails.insert(kind.name().into(), serde_json::to_value(own).unwrap_or_default());
            }
        }
        let mut words = Map::new();
        for name in ["headline", "button_text"] {
            if let Some(text) = given(language, name) {
                words.insert(name.into(), text.into());
            }
        }
        if !emails.is_empty() {
            words.insert("emails".into(), Value::Object(emails));
        }
        if !words.is_empty() {
            texts.insert(language.tag().into(), Value::Object(words));
        }
    }
    Value::Object(texts)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_posted_texts_become_the_apis_texts_with_only_what_was_given() {
        let form = FormData::parse(
            b"texts_es_headline=Invita+y+gana&texts_es_reward_text=Hola+%7B%7Bname%7D%7D%0D%0Aadi%C3%B3s\
              &texts_es_welcome_subject=&texts_de_headline=+++&texts_pt-BR_button_text=Quero",
        )
        .unwrap();
        assert_eq!(
            texts_of(&form),
            json!({"es": {"headline": "Invita y gana", "emails": {"reward": {"subject": null, "text": "Hola {{name}}\nadiós"}}},
                   "pt-BR": {"button_text": "Quero"}})
        );
        assert_eq!(texts_of(&FormData::parse(b"").unwrap()), json!({}));
    }
}
