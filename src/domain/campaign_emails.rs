//! The emails a campaign sends its participants, and the daily digest it sends its member:
//! which ones are on, and their subject and text, as plain-text templates with named
//! placeholders (`{{name}}`). Rendering fills the placeholders and builds the HTML part with
//! every value escaped, so a participant named `<b>x</b>` arrives as text, never as markup.
//!
//! A template is checked when the member saves it: an unknown placeholder, a subject with a
//! line break (which would let text become a mail header) or an empty text is refused then,
//! not discovered when a participant signs up.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ValidationError;

/// The emails a campaign can send.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EmailKind {
    /// To a new participant, with their referral link.
    Welcome,
    /// To a referrer, when a friend joined through their link.
    FriendJoined,
    /// To a participant whose reward was issued: the coupon code, the amount or the message.
    Reward,
    /// To the member, once a day: the campaign's signups, referrals and rewards since the
    /// last digest, and the rewards held for review. Stored by variant position: appended.
    Digest,
}

impl EmailKind {
    pub const ALL: [EmailKind; 4] = [EmailKind::Welcome, EmailKind::FriendJoined, EmailKind::Reward, EmailKind::Digest];

    /// The key in a campaign's `emails`.
    pub fn name(self) -> &'static str {
        match self {
            EmailKind::Welcome => "welcome",
            EmailKind::FriendJoined => "friend_joined",
            EmailKind::Reward => "reward",
            EmailKind::Digest => "digest",
        }
    }

    /// Whether it goes to the campaign's member rather than to a participant.
    pub fn to_member(self) -> bool {
        self == EmailKind::Digest
    }

    /// The placeholders this email's template may use.
    pub fn placeholders(self) -> &'static [&'static str] {
        match self {
            EmailKind::Welcome => &["name", "email", "campaign", "referral_link", "unsubscribe_link"],
            EmailKind::FriendJoined => {
                &["name", "email", "campaign", "referral_link", "friend_name", "referrals", "unsubscribe_link"]
            }
            EmailKind::Reward => &["name", "email", "campaign", "referral_link", "reward", "unsubscribe_link"],
            EmailKind::Digest => &[
                "name",
                "campaign",
                "since",
                "signups",
                "referrals",
                "rewards",
                "held",
                "participants",
                "unsubscribe_link",
            ],
        }
    }
}

/// One email's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailTemplate {
    pub enabled: bool,
    pub subject: String,
    pub text: String,
}

/// A campaign's emails. Every one is off until the member turns it on: a server whose
/// operator configures SMTP does not start writing to every campaign's participants.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignEmails {
    pub welcome: EmailTemplate,
    pub friend_joined: EmailTemplate,
    pub reward: EmailTemplate,
    /// To the member (schema 4 of the campaign row; see `campaign_row`).
    pub digest: EmailTemplate,
}

/// A campaign's emails before the member's daily digest (schema 3 of the campaign row).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignEmailsV3 {
    pub welcome: EmailTemplate,
    pub friend_joined: EmailTemplate,
    pub reward: EmailTemplate,
}

impl From<CampaignEmailsV3> for CampaignEmails {
    /// The emails as they were, the digest off.
    fn from(CampaignEmailsV3 { welcome, friend_joined, reward }: CampaignEmailsV3) -> Self {
        Self { welcome, friend_joined, reward, ..Self::default() }
    }
}

impl From<CampaignEmails> for CampaignEmailsV3 {
    /// As a release of campaign schema 3 stored them (`campaign_row::AsRow`).
    fn from(CampaignEmails { welcome, friend_joined, reward, .. }: CampaignEmails) -> Self {
        Self { welcome, friend_joined, reward }
    }
}

impl Default for CampaignEmails {
    fn default() -> Self {
        let off =
            |subject: &str, text: &str| EmailTemplate { enabled: false, subject: subject.into(), text: text.into() };
        Self {
            welcome: off(
                "Welcome to {{campaign}}",
                "Hi {{name}},\n\nThanks for joining {{campaign}}. Share your link with friends, and earn rewards \
                 when they join:\n\n{{referral_link}}",
            ),
            friend_joined: off(
                "{{friend_name}} joined through your link",
                "Hi {{name}},\n\n{{friend_name}} just joined {{campaign}} through your link. That makes \
                 {{referrals}} so far.\n\nKeep sharing: {{referral_link}}",
            ),
            reward: off(
                "You earned a reward",
                "Hi {{name}},\n\nThank you for spreading the word about {{campaign}}. Your reward:\n\n{{reward}}",
            ),
            digest: off("{{campaign}}: {{signups}} signups, {{rewards}} rewards", DEFAULT_DIGEST_TEXT),
        }
    }
}

/// The digest's text until the member writes their own.
const DEFAULT_DIGEST_TEXT: &str = "Hi {{name}},\n\nSince {{since}}, {{campaign}} had:\n\n\
    - {{signups}} new participants, {{referrals}} of them referred by a participant\n\
    - {{rewards}} rewards issued\n\n\
    Rewards held for review now: {{held}}. Participants in all: {{participants}}.\n\n\
    Stop these digests: {{unsubscribe_link}}";

/// The subject of a friend's own reward email (two-way campaigns), while the owner keeps the
/// reward email's default subject.
const FRIEND_REWARD_SUBJECT: &str = "Your reward for joining {{campaign}}";
/// Its text, while the owner keeps the reward email's default text.
const FRIEND_REWARD_TEXT: &str = "Hi {{name}},\n\nWelcome to {{campaign}}, and thanks for joining through a \
    friend's link. Your reward:\n\n{{reward}}\n\nShare your own link, and earn more when your friends join:\n\n\
    {{referral_link}}";

impl CampaignEmails {
    /// The reward email for a friend's own reward (a two-way campaign's), which is not the
    /// referrer's thanks for spreading the word: where the owner kept the default subject or
    /// text, the friend gets words of their own; an owner's own subject or text is used as
    /// written, for both.
    pub fn friend_reward(&self) -> EmailTemplate {
        let defaults = Self::default().reward;
        let mut template = self.reward.clone();
        if template.subject == defaults.subject {
            template.subject = FRIEND_REWARD_SUBJECT.into();
        }
        if template.text == defaults.text {
            template.text = FRIEND_REWARD_TEXT.into();
        }
        template
    }

    pub fn template(&self, kind: EmailKind) -> &EmailTemplate {
        match kind {
            EmailKind::Welcome => &self.welcome,
            EmailKind::FriendJoined => &self.friend_joined,
            EmailKind::Reward => &self.reward,
            EmailKind::Digest => &self.digest,
        }
    }

    fn template_mut(&mut self, kind: EmailKind) -> &mut EmailTemplate {
        match kind {
            EmailKind::Welcome => &mut self.welcome,
            EmailKind::FriendJoined => &mut self.friend_joined,
            EmailKind::Reward => &mut self.reward,
            EmailKind::Digest => &mut self.digest,
        }
    }

    /// Applies the fields present in `input`, each checked.
    pub fn apply(&mut self, input: &EmailsInput) -> Result<(), ValidationError> {
        for kind in EmailKind::ALL {
            let Some(change) = input.of(kind) else { continue };
            let template = self.template_mut(kind);
            if let Some(enabled) = change.enabled {
                template.enabled = enabled;
            }
            if let Some(subject) = &change.subject {
                template.subject = parse_subject(kind, subject)?;
            }
            if let Some(text) = &change.text {
                template.text = parse_text(kind, text)?;
            }
        }
        Ok(())
    }
}

/// `emails` in a campaign's body: any of the four, each with any of its fields.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields, expecting = "a JSON object with welcome, friend_joined, reward or digest")]
pub struct EmailsInput {
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub welcome: Option<TemplateInput>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub friend_joined: Option<TemplateInput>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub reward: Option<TemplateInput>,
    /// The daily digest to the campaign's member.
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub digest: Option<TemplateInput>,
}

impl EmailsInput {
    fn of(&self, kind: EmailKind) -> Option<&TemplateInput> {
        match kind {
            EmailKind::Welcome => self.welcome.as_ref(),
            EmailKind::FriendJoined => self.friend_joined.as_ref(),
            EmailKind::Reward => self.reward.as_ref(),
            EmailKind::Digest => self.digest.as_ref(),
        }
    }
}

/// One email's fields a member may change. Subject and text are plain text with
/// placeholders such as `{{name}}` and `{{referral_link}}` (the campaign's read lists each
/// email's); an unknown placeholder, a subject of more than one line, or an empty text is
/// refused.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields, expecting = "a JSON object with enabled, subject or text")]
#[schema(as = EmailTemplateInput)]
pub struct TemplateInput {
    pub enabled: Option<bool>,
    /// 1 to 200 characters, one line.
    pub subject: Option<String>,
    /// 1 to 10,000 characters.
    pub text: Option<String>,
}

/// Longest subject, in characters.
pub const MAX_SUBJECT_CHARS: usize = 200;
/// Longest text, in characters.
pub const MAX_TEXT_CHARS: usize = 10_000;

fn field(kind: EmailKind, part: &str) -> String {
    format!("emails.{}.{part}", kind.name())
}

fn refuse(kind: EmailKind, part: &str, message: String) -> ValidationError {
    // Field names are static in `ValidationError`; the message names the exact field.
    ValidationError::new("emails", format!("{}: {message}", field(kind, part)))
}

pub(super) fn parse_subject(kind: EmailKind, raw: &str) -> Result<String, ValidationError> {
    let subject = raw.trim();
    if subject.is_empty() || subject.chars().count() > MAX_SUBJECT_CHARS {
        return Err(refuse(kind, "subject", format!("must be 1 to {MAX_SUBJECT_CHARS} characters")));
    }
    if subject.chars().any(char::is_control) {
        return Err(refuse(kind, "subject", "must be one line, without control characters".into()));
    }
    check_placeholders(kind, "subject", subject)?;
    Ok(subject.to_owned())
}

pub(super) fn parse_text(kind: EmailKind, raw: &str) -> Result<String, ValidationError> {
    let text = raw.trim().replace("\r\n", "\n");
    if text.is_empty() || text.chars().count() > MAX_TEXT_CHARS {
        return Err(refuse(kind, "text", format!("must be 1 to {MAX_TEXT_CHARS} characters")));
    }
    if text.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return Err(refuse(kind, "text", "must not contain control characters other than line breaks".into()));
    }
    check_placeholders(kind, "text", &text)?;
    Ok(text)
}

/// Every `{{…}}` must be one of the kind's placeholders, and every `{{` closed.
fn check_placeholders(kind: EmailKind, part: &str, template: &str) -> Result<(), ValidationError> {
    for piece in pieces(template) {
        match piece {
            Piece::Text(_) => {}
            Piece::Placeholder(name) if kind.placeholders().contains(&name) => {}
            Piece::Placeholder(name) => {
                let shown: String = name.chars().take(40).collect();
                let known = kind.placeholders().iter().map(|p| format!("{{{{{p}}}}}")).collect::<Vec<_>>().join(", ");
                return Err(refuse(kind, part, format!("unknown placeholder {{{{{shown}}}}}; this email has {known}")));
            }
            Piece::Unclosed => return Err(refuse(kind, part, "has a {{ without its }}".into())),
        }
    }
    Ok(())
}

/// A part of a template.
#[derive(Debug, PartialEq, Eq)]
enum Piece<'t> {
    Text(&'t str),
    /// The trimmed name between `{{` and `}}`.
    Placeholder(&'t str),
    /// A `{{` never closed: the rest of the template.
    Unclosed,
}

fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut pieces = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        if open > 0 {
            pieces.push(Piece::Text(&rest[..open]));
        }
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            pieces.push(Piece::Unclosed);
            return pieces;
        };
        pieces.push(Piece::Placeholder(after[..close].trim()));
        rest = &after[close + 2..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest));
    }
    pieces
}

/// The values of one email's placeholders. A link is shown as a link in the HTML part.
#[derive(Debug, Clone, Default)]
pub struct Values<'v> {
    pub values: Vec<(&'static str, Cow<'v, str>)>,
}

impl<'v> Values<'v> {
    pub fn with(mut self, name: &'static str, value: impl Into<Cow<'v, str>>) -> Self {
        self.values.push((name, value.into()));
        self
    }

    fn get(&self, name: &str) -> &str {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_ref()).unwrap_or("")
    }
}

/// An email ready to send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RenderedEmail {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// Fills a template. Text parts keep values as they are; the HTML part escapes the
/// template's own text and every value, and shows links as links.
pub fn render(template: &EmailTemplate, values: &Values<'_>) -> RenderedEmail {
    let plain = |source: &str| -> String {
        pieces(source)
            .into_iter()
            .map(|piece| match piece {
                Piece::Text(text) => text,
                Piece::Placeholder(name) => values.get(name),
                Piece::Unclosed => "",
            })
            .collect()
    };
    let mut body = String::new();
    for piece in pieces(&template.text) {
        match piece {
            Piece::Text(text) => body.push_str(&html_escape::encode_text(text)),
            Piece::Placeholder(name) if name.ends_with("_link") => {
                let link = values.get(name);
                let (href, shown) = (html_escape::encode_double_quoted_attribute(link), html_escape::encode_text(link));
                body.push_str(&format!("<a href=\"{href}\">{shown}</a>"));
            }
            Piece::Placeholder(name) => body.push_str(&html_escape::encode_text(values.get(name))),
            Piece::Unclosed => {}
        }
    }
    let paragraphs: Vec<String> =
        body.split("\n\n").map(|p| format!("<p>{}</p>", p.trim_matches('\n').replace('\n', "<br>\n"))).collect();
    RenderedEmail {
        subject: plain(&template.subject),
        text: plain(&template.text),
        html: format!("<!doctype html>\n<html><body>\n{}\n</body></html>\n", paragraphs.join("\n")),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_friends_reward_email_has_words_of_its_own_unless_the_owner_wrote_theirs() {
        let mut emails = CampaignEmails::default();
        let friend = emails.friend_reward();
        assert_eq!(friend.subject, "Your reward for joining {{campaign}}");
        assert!(friend.text.contains("thanks for joining through a friend's link"), "{}", friend.text);
        assert!(!friend.text.contains("spreading the word"));
        assert_eq!(parse_text(EmailKind::Reward, &friend.text).unwrap(), friend.text, "only placeholders it may use");
        emails.reward.text = "Hi {{name}}, enjoy {{reward}}".into();
        let owned = emails.friend_reward();
        assert_eq!(owned.text, "Hi {{name}}, enjoy {{reward}}", "the owner's own text, as written");
        assert_eq!(owned.subject, "Your reward for joining {{campaign}}", "the subject they kept is ours");
    }

    use super::*;

    fn input(json: serde_json::Value) -> EmailsInput {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn every_default_template_is_valid_and_off() {
        let defaults = CampaignEmails::default();
        for kind in EmailKind::ALL {
            let template = defaults.template(kind);
            assert!(!template.enabled, "{kind:?}");
            assert_eq!(parse_subject(kind, &template.subject).unwrap(), template.subject);
            assert_eq!(parse_text(kind, &template.text).unwrap(), template.text);
        }
    }

    #[test]
    fn a_change_applies_only_the_fields_given_and_checks_them() {
        let mut emails = CampaignEmails::default();
        let change = input(serde_json::json!({"welcome": {"enabled": true, "subject": " Hi {{ name }} "}}));
        emails.apply(&change).unwrap();
        assert!(emails.welcome.enabled && !emails.reward.enabled);
        assert_eq!(emails.welcome.subject, "Hi {{ name }}");
        assert_eq!(emails.welcome.text, CampaignEmails::default().welcome.text);

        for (bad, says) in [
            (
                serde_json::json!({"welcome": {"text": "Your reward: {{reward}}"}}),
                "emails.welcome.text: unknown placeholder {{reward}}",
            ),
            (
                serde_json::json!({"reward": {"subject": "Hi\r\nBcc: all@example.com"}}),
                "emails.reward.subject: must be one line",
            ),
            (serde_json::json!({"friend_joined": {"text": "  "}}), "emails.friend_joined.text: must be 1 to"),
            (serde_json::json!({"welcome": {"text": "Hi {{name"}}), "has a {{ without its }}"),
        ] {
            let before = emails.clone();
            let message = emails.clone().apply(&input(bad)).unwrap_err().message;
            assert!(message.contains(says), "{message}");
            assert_eq!(emails, before);
        }
        assert!(serde_json::from_value::<EmailsInput>(serde_json::json!({"goodbye": {}})).is_err());
    }

    #[test]
    fn values_fill_the_text_as_they_are_and_the_html_escaped() {
        let template = EmailTemplate {
            enabled: true,
            subject: "Welcome {{name}} & co".into(),
            text: "Hi {{name}} <3,\n\nYour link:\n{{referral_link}}\n\n{{unknown}}".into(),
        };
        let values =
            Values::default().with("name", "<b>x</b>").with("referral_link", "https://r.example/r/abc?a=1&b=\"2\"");
        let email = render(&template, &values);
        assert_eq!(email.subject, "Welcome <b>x</b> & co");
        assert_eq!(email.text, "Hi <b>x</b> <3,\n\nYour link:\nhttps://r.example/r/abc?a=1&b=\"2\"\n\n");
        assert!(email.html.contains("<p>Hi &lt;b&gt;x&lt;/b&gt; &lt;3,</p>"), "{}", email.html);
        assert!(email.html.contains("<a href=\"https://r.example/r/abc?a=1&amp;b=&quot;2&quot;\">"), "{}", email.html);
        assert!(!email.html.contains("<b>"), "{}", email.html);
    }
}
