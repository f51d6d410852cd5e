//! A member's email confirmation: on a server whose registration is open to anyone, a new
//! member is sent a link that proves their address is theirs, and until they open it their
//! campaigns' emails go out in our words, not theirs (a stranger cannot send their own text
//! from the shop's sender to whomever they sign up). The link is signed
//! ([`crate::auth::email_confirmation`]); the dashboard's page that takes it is
//! `dashboard/email_confirmation.rs`.

use crate::domain::campaign_emails::{render, EmailTemplate, RenderedEmail, Values};
use crate::domain::Member;
use crate::emails::transport::Sent;
use crate::http::state::AppState;

/// Where a member's link leads.
fn link(state: &AppState, member: &Member) -> String {
    let token = state.auth.email_confirmations.token(member.id, &member.email);
    format!("{}/dashboard/confirm-email/{token}", state.public_url)
}

/// Emails `member` their link, in the background (the registration does not wait for the SMTP
/// server). A server that sends no email sends none: its members stay unconfirmed, and their
/// campaigns, which send no email either, lose nothing.
pub fn send_link(state: &AppState, member: &Member) {
    let Some(sender) = state.portal_mail.clone() else { return };
    let (to, message, member_id) =
        (member.email.clone(), confirmation_email(&member.name, &link(state, member)), member.id);
    actix_web::rt::spawn(async move {
        match sender.send_once(&to, &message).await {
            Sent::Accepted => tracing::info!(member_id, "email confirmation link sent"),
            Sent::Temporary(why) | Sent::Permanent(why) => {
                tracing::warn!(member_id, why, "email confirmation link not sent")
            }
        }
    });
}

/// The email with the link. Its text is a template whose values `render` fills (and escapes
/// in the HTML part), as campaign emails are.
fn confirmation_email(name: &str, link: &str) -> RenderedEmail {
    let template = EmailTemplate {
        enabled: true,
        subject: "Confirm your email address".into(),
        text: "Hello {{name}},\n\nwelcome to your referral programme account. Confirm that this address is yours \
               here:\n\n{{link}}\n\nUntil you do, your campaigns' emails to participants go out in our default \
               words rather than your own. If you did not make an account, ignore this email.\n"
            .into(),
    };
    render(&template, &Values::default().with("name", name).with("link", link))
}
