//! One email over SMTP, through lettre: the message as participants receive it (plain text and
//! HTML alternatives, the stable `Message-ID`, `List-Unsubscribe` with one-click), and what
//! the server's answer means for the outbox.

use std::time::Duration;

use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{header, Mailbox, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::extension::ClientId;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::config::{EmailConfig, EmailTls};
use crate::domain::campaign_emails::RenderedEmail;
use crate::domain::outgoing_email::OutgoingEmail;

/// What an attempt came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sent {
    /// The server took the email.
    Accepted,
    /// Worth trying again later: a 4xx answer, no connection, a timeout.
    Temporary(String),
    /// Trying again cannot help: a 5xx answer, an address that is not one.
    Permanent(String),
}

/// The SMTP client, with a pool of connections to the configured server.
pub struct SmtpSender {
    /// Taken only by `drop`.
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    /// The right-hand side of `Message-ID`s: the site's host.
    host: String,
    /// The runtime the sender was made on, for its drop (below).
    runtime: Option<tokio::runtime::Handle>,
}

/// lettre's pool spawns a task to close its connections when it is dropped, and that spawn
/// panics outside a runtime: an arbiter torn down at a stop that its deadline cut short drops
/// the mailer there. Such a drop enters the runtime the sender was made on.
impl Drop for SmtpSender {
    fn drop(&mut self) {
        if tokio::runtime::Handle::try_current().is_err() {
            if let Some(runtime) = &self.runtime {
                let _entered = runtime.enter();
                drop(self.transport.take());
            }
        }
    }
}

impl SmtpSender {
    /// A client for `config` (checked at load: a host, a sender); `site` names the
    /// `Message-ID` domain and the greeting.
    pub fn new(config: &EmailConfig, site: &str) -> Result<Self, String> {
        let host =
            url::Url::parse(site).ok().and_then(|u| u.host_str().map(str::to_owned)).unwrap_or("localhost".into());
        let relay = config.host.trim();
        let builder = match config.tls {
            EmailTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(relay),
            EmailTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(relay)
                .map_err(|e| format!("email: cannot set up STARTTLS to {relay}: {e}"))?,
            EmailTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(relay)
                .map_err(|e| format!("email: cannot set up TLS to {relay}: {e}"))?,
        };
        let mut builder = builder
            .port(config.port)
            .timeout(Some(Duration::from_secs_f64(config.timeout_secs)))
            .hello_name(ClientId::Domain(host.clone()));
        if !config.username.is_empty() {
            builder = builder.credentials(Credentials::new(config.username.clone(), config.password.clone()));
        }
        let from = config.from.parse::<Mailbox>().map_err(|e| format!("email.from: {e}"))?;
        let runtime = tokio::runtime::Handle::try_current().ok();
        Ok(Self { transport: Some(builder.build()), from, host, runtime })
    }

    /// Sends one email.
    pub async fn send(&self, email: &OutgoingEmail) -> Sent {
        let message = match self.message(email) {
            Ok(message) => message,
            Err(refused) => return Sent::Permanent(refused),
        };
        self.deliver(message).await
    }

    /// Hands a built message to the SMTP server.
    async fn deliver(&self, message: Message) -> Sent {
        let Some(transport) = &self.transport else { return Sent::Temporary("the mailer is stopping".into()) };
        match transport.send(message).await {
            Ok(_) => Sent::Accepted,
            Err(e) if e.is_permanent() => Sent::Permanent(describe(&e)),
            Err(e) => Sent::Temporary(describe(&e)),
        }
    }

    /// Sends a message that is no campaign email: a portal sign-in link, asked for by its
    /// reader a moment ago. No `List-Unsubscribe` (there is nothing to leave), and a fresh
    /// `Message-ID` (it is sent once, never retried: the reader asks again).
    pub async fn send_once(&self, to: &str, message: &RenderedEmail) -> Sent {
        let built = to.parse::<Mailbox>().map_err(|e| format!("the address cannot take email: {e}")).and_then(|to| {
            Message::builder()
                .from(self.from.clone())
                .to(to)
                .subject(message.subject.clone())
                .header(header::MIME_VERSION_1_0)
                .multipart(MultiPart::alternative_plain_html(message.text.clone(), message.html.clone()))
                .map_err(|e| format!("the email cannot be built: {e}"))
        });
        match built {
            Ok(built) => self.deliver(built).await,
            Err(refused) => Sent::Permanent(refused),
        }
    }

    fn message(&self, email: &OutgoingEmail) -> Result<Message, String> {
        let to = email.to.parse::<Mailbox>().map_err(|e| format!("the address cannot take email: {e}"))?;
        let unsubscribe = format!("<{}>", email.unsubscribe_link);
        Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(email.message.subject.clone())
            .message_id(Some(email.message_id(&self.host)))
            .header(ListUnsubscribe(unsubscribe))
            .header(OneClickUnsubscribe)
            .header(header::MIME_VERSION_1_0)
            .multipart(MultiPart::alternative_plain_html(email.message.text.clone(), email.message.html.clone()))
            .map_err(|e| format!("the email cannot be built: {e}"))
    }
}

/// An SMTP error as the log shows it: the server's answer, or what went wrong on the way.
/// lettre's messages name no credential.
fn describe(e: &lettre::transport::smtp::Error) -> String {
    let text = e.to_string();
    text.chars().filter(|c| !c.is_control()).take(300).collect()
}

/// `List-Unsubscribe` (RFC 2369): mail programs show an unsubscribe button.
#[derive(Debug, Clone)]
struct ListUnsubscribe(String);

impl header::Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self(s.to_owned()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post` (RFC 8058): the button unsubscribes with one POST to the link.
#[derive(Debug, Clone)]
struct OneClickUnsubscribe;

impl header::Header for OneClickUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}
