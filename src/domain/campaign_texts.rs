//! An owner's own words per language: a campaign's headline, button and participant emails
//! written for the readers of one language (`texts` of a campaign, schema 11 of its row).
//! For a reader of language L, each text is the first of: the owner's words for L, the
//! campaign's own text where the owner changed ours (as written, in whatever language), and
//! our default in L (`Campaign::headline_in` and `button_text_in`, `email_texts.rs`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::campaign_emails::{parse_subject, parse_text, EmailKind};
use super::fields::short_text;
use super::language::Language;
use super::ValidationError;

/// A campaign's words for each language it has some for.
pub type CampaignTexts = BTreeMap<Language, LocalTexts>;

/// The owner's words for the readers of one language; what is not given falls back. Stored
/// with bincode, so no field may be skipped when serialised (see [`shown_texts`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LocalTexts {
    /// The widget's headline (at most 160 characters).
    pub headline: Option<String>,
    /// The widget's button (at most 60 characters).
    pub button_text: Option<String>,
    /// The participant emails' subjects and texts, with the same placeholders as `emails`.
    #[serde(default)]
    pub emails: LocalEmails,
}

/// The participant emails in one language.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LocalEmails {
    #[serde(default)]
    pub welcome: LocalEmail,
    #[serde(default)]
    pub friend_joined: LocalEmail,
    #[serde(default)]
    pub reward: LocalEmail,
}

/// One email's subject and text in one language.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LocalEmail {
    pub subject: Option<String>,
    pub text: Option<String>,
}

impl LocalEmail {
    fn is_empty(&self) -> bool {
        self.subject.is_none() && self.text.is_none()
    }
}

impl LocalEmails {
    fn is_empty(&self) -> bool {
        self.welcome.is_empty() && self.friend_joined.is_empty() && self.reward.is_empty()
    }

    /// The words for a participant email of `kind` (none for the member's digest).
    pub fn of(&self, kind: EmailKind) -> Option<&LocalEmail> {
        match kind {
            EmailKind::Welcome => Some(&self.welcome),
            EmailKind::FriendJoined => Some(&self.friend_joined),
            EmailKind::Reward => Some(&self.reward),
            _ => None,
        }
    }

    fn of_mut(&mut self, kind: EmailKind) -> Option<&mut LocalEmail> {
        match kind {
            EmailKind::Welcome => Some(&mut self.welcome),
            EmailKind::FriendJoined => Some(&mut self.friend_joined),
            EmailKind::Reward => Some(&mut self.reward),
            _ => None,
        }
    }
}

impl LocalTexts {
    fn is_empty(&self) -> bool {
        self.headline.is_none() && self.button_text.is_none() && self.emails.is_empty()
    }
}

/// The field every refusal names; the message names the exact place (`texts.es.headline`).
const FIELD: &str = "texts";

fn refuse(message: String) -> ValidationError {
    ValidationError::new(FIELD, message)
}

/// `texts` as the API takes it: an object of language tags (`es`, `pt-BR`), each an object
/// with `headline`, `button_text` and `emails` (`welcome`, `friend_joined`, `reward`, each
/// with `subject` and `text`), every one optional; an empty string or null leaves that text
/// to fall back. The whole object replaces the campaign's; null or `{}` clears it.
pub fn parse(value: &Value) -> Result<CampaignTexts, ValidationError> {
    let mut texts = CampaignTexts::new();
    let languages = match value {
        Value::Null => return Ok(texts),
        Value::Object(languages) => languages,
        _ => return Err(refuse("texts must be an object of language tags such as {\"es\": {\"headline\": …}}".into())),
    };
    for (tag, words) in languages {
        let Some(language) = Language::from_tag(tag) else {
            let shown: String = tag.chars().filter(|c| !c.is_control()).take(20).collect();
            let tags: Vec<&str> = Language::ALL.iter().map(|l| l.tag()).collect();
            return Err(refuse(format!("texts.{shown}: not a language we ship; they are {}", tags.join(", "))));
        };
        let local = local_texts(language, words)?;
        if !local.is_empty() && texts.insert(language, local).is_some() {
            return Err(refuse(format!("texts.{}: given twice", language.tag())));
        }
    }
    Ok(texts)
}

/// One language's words.
fn local_texts(language: Language, words: &Value) -> Result<LocalTexts, ValidationError> {
    let root = format!("texts.{}", language.tag());
    let at = |name: &str| format!("{root}.{name}");
    let object = |value: &Value, place: &str| match value {
        Value::Object(fields) => Ok(Some(fields.clone())),
        Value::Null => Ok(None),
        _ => Err(refuse(format!("{place} must be an object"))),
    };
    let mut local = LocalTexts::default();
    let Some(fields) = object(words, &root)? else { return Ok(local) };
    for (name, value) in &fields {
        match name.as_str() {
            "headline" => local.headline = optional(value, &at("headline"), short(&at("headline"), 160))?,
            "button_text" => local.button_text = optional(value, &at("button_text"), short(&at("button_text"), 60))?,
            "emails" => {
                let Some(emails) = object(value, &at("emails"))? else { continue };
                for (kind_name, email) in &emails {
                    let place = at(&format!("emails.{}", shown(kind_name)));
                    let kind = EmailKind::ALL.into_iter().find(|k| k.name() == kind_name);
                    let Some((kind, target)) = kind.and_then(|k| Some((k, local.emails.of_mut(k)?))) else {
                        return Err(refuse(format!(
                            "{place}: unknown; the emails are welcome, friend_joined and reward"
                        )));
                    };
                    let Some(parts) = object(email, &place)? else { continue };
                    for (part, value) in &parts {
                        match part.as_str() {
                            "subject" => {
                                target.subject = optional(value, &format!("{place}.subject"), |t| {
                                    parse_subject(kind, t).map_err(|e| refuse(format!("{root}.{}", e.message)))
                                })?
                            }
                            "text" => {
                                target.text = optional(value, &format!("{place}.text"), |t| {
                                    parse_text(kind, t).map_err(|e| refuse(format!("{root}.{}", e.message)))
                                })?
                            }
                            other => {
                                return Err(refuse(format!("{place}.{}: unknown; give subject and text", shown(other))))
                            }
                        }
                    }
                }
            }
            other => {
                return Err(refuse(format!("{}: unknown; give headline, button_text and emails", at(&shown(other)))))
            }
        }
    }
    Ok(local)
}

/// A text given at `place` (a string, as `check` takes it), or none (null or empty).
fn optional(
    value: &Value,
    place: &str,
    check: impl Fn(&str) -> Result<String, ValidationError>,
) -> Result<Option<String>, ValidationError> {
    match value {
        Value::Null => Ok(None),
        Value::String(text) if text.trim().is_empty() => Ok(None),
        Value::String(text) => check(text).map(Some),
        _ => Err(refuse(format!("{place} must be a string"))),
    }
}

/// The check of a one-line text of at most `max_chars`, whose refusal names `place`.
fn short(place: &str, max_chars: usize) -> impl Fn(&str) -> Result<String, ValidationError> + '_ {
    move |text| short_text(FIELD, text, max_chars).map_err(|e| refuse(e.message.replacen(FIELD, place, 1)))
}

/// A name from the request, safe to repeat in a message.
fn shown(name: &str) -> String {
    name.chars().filter(|c| !c.is_control()).take(40).collect()
}

/// `texts` as the API shows it: language tags to their words, leaving out what is not given.
/// (The stored shape keeps every field: bincode has no optional fields.)
pub fn shown_texts(texts: &CampaignTexts) -> Value {
    fn given(value: Value) -> Option<Value> {
        match value {
            Value::Null => None,
            Value::Object(fields) => {
                let kept: serde_json::Map<String, Value> =
                    fields.into_iter().filter_map(|(name, value)| Some((name, given(value)?))).collect();
                (!kept.is_empty()).then_some(Value::Object(kept))
            }
            other => Some(other),
        }
    }
    let shown = texts
        .iter()
        .filter_map(|(language, words)| Some((language.tag().to_owned(), given(serde_json::to_value(words).ok()?)?)));
    Value::Object(shown.collect())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn texts_are_read_per_language_and_each_falls_back_on_its_own() {
        let texts = parse(&json!({
            "es": {"headline": "Invita y gana", "emails": {"welcome": {"subject": "Hola {{name}}", "text": ""}}},
            "de": {"button_text": null},
            "pt-br": {"button_text": "Quero"}
        }))
        .unwrap();
        assert_eq!(texts.len(), 2, "German gave nothing: {texts:?}");
        let spanish = &texts[&Language::Spanish];
        assert_eq!(spanish.headline.as_deref(), Some("Invita y gana"));
        assert_eq!(spanish.emails.welcome, LocalEmail { subject: Some("Hola {{name}}".into()), text: None });
        assert_eq!(texts[&Language::PortugueseBrazil].button_text.as_deref(), Some("Quero"));
        assert_eq!(
            serde_json::to_value(shown_texts(&texts)).unwrap(),
            json!({"es": {"headline": "Invita y gana", "emails": {"welcome": {"subject": "Hola {{name}}"}}},
                   "pt-BR": {"button_text": "Quero"}})
        );
        assert!(parse(&Value::Null).unwrap().is_empty());
    }

    #[test]
    fn bad_texts_are_refused_naming_the_place() {
        let refused = |value: Value| parse(&value).unwrap_err().message;
        assert!(refused(json!({"sv": {"headline": "Hej"}})).starts_with("texts.sv: not a language we ship"));
        assert!(refused(json!({"es": {"title": "x"}})).starts_with("texts.es.title: unknown"));
        assert_eq!(
            refused(json!({"es": {"headline": "x".repeat(161)}})),
            "texts.es.headline must be at most 160 characters"
        );
        assert!(refused(json!({"es": {"headline": 3}})).contains("texts.es.headline must be a string"));
        let placeholder = refused(json!({"fr": {"emails": {"reward": {"text": "Voici {{code}}"}}}}));
        assert!(placeholder.starts_with("texts.fr.emails.reward.text: unknown placeholder {{code}}"), "{placeholder}");
        assert!(
            refused(json!({"fr": {"emails": {"digest": {"text": "x"}}}})).contains("texts.fr.emails.digest: unknown")
        );
        assert!(refused(json!(["es"])).starts_with("texts must be an object"));
        assert!(refused(json!({"es": {"headline": "a"}, "ES": {"headline": "b"}})).contains("given twice"));
    }
}
