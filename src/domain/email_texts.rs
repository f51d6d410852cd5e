//! What a participant email says in a language: our default subjects and texts in the
//! campaign's language where the owner kept them (their own words are sent as written), and
//! the line at the end of every participant email that links to their portal. The texts are
//! Fluent messages (`translations.rs`) turned into templates with the usual `{{name}}`
//! placeholders, so rendering fills and escapes them as it does the owner's.

use super::campaign_emails::{CampaignEmails, EmailKind, EmailTemplate, RenderedEmail};
use super::language::Language;
use super::translations::{text, FluentValue, Texts};
use super::Campaign;

/// The template a participant email is rendered from, and whose words its text is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Localized {
    pub template: EmailTemplate,
    /// The text is our default (in the reader's language), not the owner's: its `{{reward}}`
    /// may be written the reader's way (`10,00 €`), where an owner's text gets the value
    /// as stored (`10.00`), as it always has, since they may have put a currency around it.
    pub ours: bool,
}

/// The campaign with our words in place of its owner's: every email's default subject and
/// text, each still on or off as the owner chose, and no words per language.
pub fn in_our_words(campaign: &Campaign) -> Campaign {
    let ours = |mine: &crate::domain::campaign_emails::EmailTemplate,
                default: crate::domain::campaign_emails::EmailTemplate| {
        crate::domain::campaign_emails::EmailTemplate { enabled: mine.enabled, ..default }
    };
    let defaults = CampaignEmails::default();
    let mut plain = campaign.clone();
    plain.emails = CampaignEmails {
        welcome: ours(&campaign.emails.welcome, defaults.welcome),
        friend_joined: ours(&campaign.emails.friend_joined, defaults.friend_joined),
        reward: ours(&campaign.emails.reward, defaults.reward),
        digest: ours(&campaign.emails.digest, defaults.digest),
    };
    plain.texts = Default::default();
    plain
}

/// The template an email of `kind` is rendered from, in `language` (`friend`: a friend's
/// own reward on a two-way campaign): the owner's words for that language where they gave
/// some (`campaign.texts`); else, where the owner kept our default subject or text, ours in
/// that language; else the owner's own words as written, in whatever language they wrote
/// them. `referrals` is the recipient's count, which a "friend joined" email says
/// (counted words need the number itself, not a placeholder).
pub fn localized(campaign: &Campaign, kind: EmailKind, friend: bool, language: Language, referrals: u64) -> Localized {
    let mut localized = ours_or_theirs(&campaign.emails, kind, friend, language, referrals);
    // The owner's own words for this language win over both (for a friend's own reward
    // too, as the campaign's reward text does).
    if let Some(own) = campaign.texts.get(&language).and_then(|t| t.emails.of(kind)) {
        if let Some(subject) = &own.subject {
            localized.template.subject = subject.clone();
        }
        if let Some(text) = &own.text {
            localized.template.text = text.clone();
            localized.ours = false;
        }
    }
    localized
}

/// [`localized`] before the owner's words per language.
fn ours_or_theirs(
    emails: &CampaignEmails,
    kind: EmailKind,
    friend: bool,
    language: Language,
    referrals: u64,
) -> Localized {
    let mut template = if friend { emails.friend_reward() } else { emails.template(kind).clone() };
    let defaults = if friend {
        CampaignEmails::default().friend_reward()
    } else {
        CampaignEmails::default().template(kind).clone()
    };
    let ours = template.text == defaults.text;
    if language == Language::English || kind.to_member() {
        return Localized { template, ours };
    }
    let t = Texts(language);
    let place = |name: &str| -> FluentValue<'static> { format!("{{{{{name}}}}}").into() };
    let greeting = t.with("portal-email-greeting", &[("name", place("name"))]);
    let campaign = [("campaign", place("campaign"))];
    let (subject, text) = match (kind, friend) {
        (EmailKind::Reward, true) => (
            t.with("email-friend-reward-subject", &campaign),
            format!(
                "{greeting}\n\n{}\n\n{{{{reward}}}}\n\n{}\n\n{{{{referral_link}}}}",
                t.with("email-friend-reward-body", &campaign),
                t.text("email-share-own")
            ),
        ),
        (EmailKind::Reward, false) => (
            t.text("email-reward-subject"),
            format!("{greeting}\n\n{}\n\n{{{{reward}}}}", t.with("email-reward-body", &campaign)),
        ),
        (EmailKind::FriendJoined, _) => {
            let args = [("friend", place("friend_name")), ("campaign", place("campaign")), ("count", referrals.into())];
            let sharing = t.with("email-keep-sharing", &[("link", place("referral_link"))]);
            (
                t.with("email-friend-joined-subject", &[("friend", place("friend_name"))]),
                format!("{greeting}\n\n{}\n\n{sharing}", t.with("email-friend-joined-body", &args)),
            )
        }
        _ => (
            t.with("email-welcome-subject", &campaign),
            format!("{greeting}\n\n{}\n\n{{{{referral_link}}}}", t.with("email-welcome-body", &campaign)),
        ),
    };
    if template.subject == defaults.subject {
        template.subject = subject;
    }
    if ours {
        template.text = text;
    }
    Localized { template, ours }
}

/// Ends a participant's email with the link to their portal (in `language`), whatever the
/// owner's template says: every participant can find their rewards again from any email.
pub fn with_portal_link(mut email: RenderedEmail, link: &str, language: Language) -> RenderedEmail {
    let label = text(language, "email-portal-footer");
    email.text = format!("{}\n\n{label}: {link}\n", email.text.trim_end());
    let (href, shown) = (html_escape::encode_double_quoted_attribute(link), html_escape::encode_text(link));
    // Our own words, escaped all the same: a translator may write "&".
    let label_html = html_escape::encode_text(&label);
    let footer = format!("<p>{label_html}: <a href=\"{href}\">{shown}</a></p>\n</body></html>\n");
    if let Some(end) = email.html.rfind("</body></html>") {
        email.html.truncate(end);
        email.html.push_str(&footer);
    }
    email
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::campaign_emails::{render, Values};

    #[test]
    fn every_participant_email_ends_with_the_portal_link() {
        let template = CampaignEmails::default().welcome;
        let email = render(&template, &Values::default().with("campaign", "Beans <&>"));
        let linked = with_portal_link(email.clone(), "https://r.example/p/7?a=1&b=<2>", Language::English);
        assert!(linked.text.ends_with("Your referral link, rewards and payouts: https://r.example/p/7?a=1&b=<2>\n"));
        assert!(linked.text.starts_with(email.text.trim_end()));
        assert!(linked.html.contains("<a href=\"https://r.example/p/7?a=1&amp;b=&lt;2&gt;\">"), "{}", linked.html);
        assert!(linked.html.ends_with("</p>\n</body></html>\n"));
        assert_eq!(linked.html.matches("<body>").count(), 1);
    }

    #[test]
    fn default_texts_speak_the_language_and_an_owners_own_text_stays_as_written() {
        let mut emails = CampaignEmails::default();
        let welcome = ours_or_theirs(&emails, EmailKind::Welcome, false, Language::Spanish, 0);
        assert!(welcome.ours);
        let welcome = welcome.template;
        assert_eq!(welcome.subject, "Te damos la bienvenida a {{campaign}}");
        assert!(welcome.text.starts_with("Hola, {{name}}:\n\nGracias por unirte a {{campaign}}."), "{}", welcome.text);
        assert_eq!(
            crate::domain::campaign_emails::parse_text(EmailKind::Welcome, &welcome.text).unwrap(),
            welcome.text,
            "only its own placeholders"
        );
        let joined = ours_or_theirs(&emails, EmailKind::FriendJoined, false, Language::Polish, 5).template;
        assert!(joined.text.contains("To już 5 osób."), "{}", joined.text);
        let friend = ours_or_theirs(&emails, EmailKind::Reward, true, Language::German, 0).template;
        assert_eq!(friend.subject, "Deine Prämie für deinen Beitritt zu {{campaign}}");
        assert_eq!(
            ours_or_theirs(&emails, EmailKind::Welcome, false, Language::English, 0),
            Localized { template: emails.welcome.clone(), ours: true },
            "English: as stored"
        );
        emails.reward.text = "Hi {{name}}, enjoy {{reward}}".into();
        let owned = ours_or_theirs(&emails, EmailKind::Reward, false, Language::French, 0);
        assert!(!owned.ours);
        let owned = owned.template;
        assert_eq!(owned.text, "Hi {{name}}, enjoy {{reward}}", "the owner's text, as written");
        assert_eq!(owned.subject, "Vous avez gagné une récompense", "the subject they kept is ours, in French");
    }

    #[test]
    fn the_owners_words_for_a_language_win_for_its_readers_only() {
        let input: crate::domain::CampaignInput = serde_json::from_value(serde_json::json!({
            "name": "Beans", "reward_type": 3, "reward_value": "Thanks!",
            "emails": {"reward": {"text": "Hi {{name}}, enjoy {{reward}}"}},
            "texts": {"es": {"emails": {"reward": {"subject": "¡Premio!", "text": "Hola {{name}}: {{reward}}"},
                                        "welcome": {"subject": "Hola de {{campaign}}"}}}}
        }))
        .unwrap();
        let campaign = Campaign::create(1, 1, 1, &input, "2026-11-28T00:00:00Z").unwrap();
        let reward = localized(&campaign, EmailKind::Reward, false, Language::Spanish, 0);
        assert_eq!(
            (reward.template.subject.as_str(), reward.template.text.as_str(), reward.ours),
            ("¡Premio!", "Hola {{name}}: {{reward}}", false)
        );
        let friend = localized(&campaign, EmailKind::Reward, true, Language::Spanish, 0);
        assert_eq!(friend.template.text, "Hola {{name}}: {{reward}}", "a friend's own reward too");
        let welcome = localized(&campaign, EmailKind::Welcome, false, Language::Spanish, 0);
        assert_eq!(welcome.template.subject, "Hola de {{campaign}}");
        assert!(welcome.ours && welcome.template.text.starts_with("Hola, {{name}}:"), "ours in Spanish: {welcome:?}");
        let german = localized(&campaign, EmailKind::Reward, false, Language::German, 0);
        assert_eq!(german.template.text, "Hi {{name}}, enjoy {{reward}}", "the campaign's own text elsewhere");
        assert_eq!(german.template.subject, "Du hast eine Prämie verdient");
    }
}
