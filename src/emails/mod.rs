//! Emails to participants: the mailer that drains the outbox decisions fill, and the SMTP
//! transport it sends through. What an email says is decided in the domain
//! (`domain::engine::emails`); the store keeps the outbox and the delivery log.

pub mod mailer;
pub mod transport;

pub use mailer::{Drain, Mailer, MailerSettings};
pub use transport::SmtpSender;
