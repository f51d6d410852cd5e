//! Participants' pages in their own language: chosen by `?lang=`, else `Accept-Language`,
//! else the default; right to left for Arabic and Hebrew; the portal's sign-in email in the
//! language of the page it was asked from (through a real SMTP server on 127.0.0.1).

use std::time::{Duration, Instant};

use serde_json::json;

use crate::dashboard::{Answer, Browser};
use crate::helpers::*;
use crate::smtp_sink::SmtpSink;

/// A GET of `path` with `Accept-Language: accept` (none when empty): status and body.
async fn page(app: &TestApp, path: &str, accept: &str) -> (u16, String) {
    let mut request = plain_client().get(format!("{}{path}", app.address)).header("accept", "text/html");
    if !accept.is_empty() {
        request = request.header("accept-language", accept);
    }
    let answer = request.send().await.unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

/// The `<html …>` element's `lang` and `dir`.
fn lang_and_dir(body: &str) -> (String, String) {
    let attribute = |name: &str| {
        let start = body.find(&format!("{name}=\"")).unwrap_or_else(|| panic!("no {name} in {body}")) + name.len() + 2;
        body[start..start + body[start..].find('"').unwrap()].to_owned()
    };
    (attribute("lang"), attribute("dir"))
}

#[tokio::test]
async fn the_portal_speaks_the_query_then_the_browser_then_english() {
    let app = TestApp::spawn().await;
    let member = app.member("languages").await;
    let brand = app.brand(&member, "https://languages.example.com").await;
    let fields = json!({"name": "Kaffee", "reward_type": 3, "reward_value": "danke"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let portal = format!("/p/{campaign}");

    let (status, german) = page(&app, &portal, "de-DE,de;q=0.9").await;
    assert_eq!(status, 200);
    assert_eq!(lang_and_dir(&german), ("de".into(), "ltr".into()));
    assert!(german.contains("<h1>Deine Prämien</h1>"), "{german}");
    let (_, french) = page(&app, &format!("{portal}?lang=fr"), "de-DE,de;q=0.9").await;
    assert_eq!(lang_and_dir(&french).0, "fr");
    assert!(french.contains("<h1>Vos récompenses</h1>"), "the query wins over the header");
    let (_, ranked) = page(&app, &portal, "zh-CN, nl;q=0.4, ja;q=0.8").await;
    assert!(ranked.contains("<h1>あなたの特典</h1>"), "the best-ranked language we ship: {ranked}");
    let (_, fallback) = page(&app, &portal, "zh-CN,zh;q=0.9,*;q=0.1").await;
    assert_eq!(lang_and_dir(&fallback).0, "en");
    assert!(fallback.contains("<h1>Your rewards</h1>"));
    for (tag, heading) in [("ar", "مكافآتك"), ("he", "ההטבות שלך")] {
        let (_, body) = page(&app, &format!("{portal}?lang={tag}"), "").await;
        assert_eq!(lang_and_dir(&body), (tag.into(), "rtl".into()), "right to left");
        assert!(body.contains(heading), "{body}");
    }

    // Pages that know no campaign speak the browser's language too.
    let (status, broken) = page(&app, "/r/not-a-code", "ja").await;
    assert_eq!(status, 404);
    assert!(broken.contains("この紹介リンクは無効です") && broken.contains("lang=\"ja\""), "{broken}");
    let (status, missing) = page(&app, "/p/999999", "pl").await;
    assert_eq!(status, 404);
    assert!(missing.contains("Nie znaleziono strony"), "{missing}");
    let (_, unsubscribe) = page(&app, "/unsubscribe/not-a-token", "it-IT").await;
    assert!(unsubscribe.contains("Link non valido"), "{unsubscribe}");
}

#[tokio::test]
async fn a_sign_in_link_asked_for_in_spanish_arrives_in_spanish_and_the_page_speaks_it() {
    let sink = SmtpSink::start();
    let app = TestApp::spawn_with(Options { config: Some(sink.config()), ..Default::default() }).await;
    let member = app.member("languages-es").await;
    let brand = app.brand(&member, "https://languages-es.example.com").await;
    let fields = json!({"name": "Café Amigos", "reward_type": 5, "reward_value": "5.00"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let body = json!({"campaign_id": campaign, "email": "lucia@languages-es.example.com", "name": "Lucía"});
    expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;

    let mut browser = Browser::new(&app);
    let portal = format!("/p/{campaign}");
    let asked: Answer =
        browser.post(&format!("{portal}/sign-in?lang=es"), &[("email", "lucia@languages-es.example.com")]).await;
    assert_eq!(asked.status, 200);
    assert!(asked.body.contains("Revisa tu correo"), "{}", asked.body);
    let deadline = Instant::now() + Duration::from_secs(20);
    let message = loop {
        if let Some(message) = sink.messages().into_iter().next() {
            break message;
        }
        assert!(Instant::now() < deadline, "no sign-in email arrived");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(message["subject"], json!("Tu enlace de acceso a Café Amigos"));
    let text = message["text"].as_str().unwrap().replace("\r\n", "\n");
    assert!(text.starts_with("Hola, Lucía:\n\nAbre este enlace"), "{text}");
    assert!(text.contains("Funciona una vez, durante 15 minutos."), "{text}");

    let start = text.find(&format!("{}/p/{campaign}/enter/", app.address)).unwrap();
    let link = text[start..].split_whitespace().next().unwrap().trim_start_matches(&app.address).to_owned();
    let entered = browser.post(&format!("{link}?lang=es"), &[]).await;
    assert_eq!(entered.status, 303);
    let home = browser.get(&format!("{portal}?lang=es")).await;
    assert!(home.body.contains("<h1>Hola, Lucía</h1>") && home.body.contains("Saldo y pagos"), "{}", home.body);
    assert!(home.body.contains("Te debemos: <strong>0,00\u{a0}$</strong>"), "an amount the Spanish way: {}", home.body);
    assert!(home.body.contains("data-copied=\"Copiado\""));
}

#[tokio::test]
async fn a_campaigns_language_is_what_its_pages_speak_when_the_visitor_names_none_we_ship() {
    let app = TestApp::spawn().await;
    let member = app.member("languages-campaign").await;
    let brand = app.brand(&member, "https://languages-campaign.example.com").await;
    let fields = json!({"name": "Café", "reward_type": 3, "reward_value": "merci", "language": "fr"});
    let created = app.campaign(&member, brand, fields).await;
    assert_eq!(created["language"], json!("fr"));
    let campaign = created["id"].as_u64().unwrap();
    let portal = format!("/p/{campaign}");

    let (_, body) = page(&app, &portal, "zh-CN, ko;q=0.5").await;
    assert_eq!(lang_and_dir(&body).0, "fr", "none of the visitor's languages: the campaign's");
    assert!(body.contains("<h1>Vos récompenses</h1>"));
    let (_, body) = page(&app, &portal, "de").await;
    assert_eq!(lang_and_dir(&body).0, "de", "the visitor's language wins over the campaign's");

    let path = format!("/campaigns/{campaign}");
    let changed = app.put_json("/api/v1", &path, &member.bearer(), &json!({"language": "he"})).await;
    assert_eq!(expect_status(changed, 200).await["data"]["language"], json!("he"));
    let (_, body) = page(&app, &portal, "").await;
    assert_eq!(lang_and_dir(&body), ("he".into(), "rtl".into()));
    for bad in [json!("xx"), json!(7), json!("")] {
        let refused = app.put_json("/api/v1", &path, &member.bearer(), &json!({"language": bad})).await;
        let message = expect_error(refused, 400, "validation_failed").await;
        assert!(message.contains("language must be"), "{message}");
    }
    let read = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
    assert_eq!(read["data"]["language"], json!("he"), "a refused change changes nothing");
}

/// The frame's settings (the JSON its page embeds).
fn frame_config(body: &str) -> serde_json::Value {
    let start = body.find("id=\"referrals-config\">").expect("the frame's settings") + 22;
    let end = start + body[start..].find("</script>").unwrap();
    serde_json::from_str(&body[start..end]).unwrap()
}

#[tokio::test]
async fn the_widget_frame_and_the_lander_speak_the_visitors_language() {
    let app = TestApp::spawn().await;
    let member = app.member("languages-frame").await;
    let brand = app.brand(&member, "https://languages-frame.example.com").await;
    let fields =
        json!({"name": "Kaffee", "reward_type": 1, "num_signups": 3, "reward_invited": true, "language": "es"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let frame = format!("/widget/{campaign}/embed");

    let (status, german) = page(&app, &frame, "de-DE,de;q=0.9").await;
    assert_eq!(status, 200);
    assert_eq!(lang_and_dir(&german), ("de".into(), "ltr".into()));
    let config = frame_config(&german);
    assert_eq!(config["lang"], "de");
    assert_eq!(
        config["offer"],
        "Erhalte einen Gutscheincode für je 3 Freunde, die beitreten. Freunde, die über deinen Link beitreten, \
         erhalten auch eine Prämie."
    );
    assert_eq!(config["t"]["widget-your-link"], "Dein Empfehlungslink");
    assert_eq!(config["t"]["widget-friends-joined"]["one"], "{n} Freund beigetreten");

    let (_, french) = page(&app, &format!("{frame}?lang=fr"), "de-DE,de;q=0.9").await;
    assert_eq!(frame_config(&french)["t"]["widget-copy"], "Copier", "the query wins over the header");
    let (_, campaigns) = page(&app, &frame, "zh-CN").await;
    assert_eq!(frame_config(&campaigns)["lang"], "es", "the campaign's language when the visitor's is not shipped");
    assert!(frame_config(&campaigns)["offer"]
        .as_str()
        .unwrap()
        .starts_with("Consigue un código de cupón por cada 3 amigos"));
    for tag in ["ar", "he"] {
        let (_, body) = page(&app, &format!("{frame}?lang={tag}"), "").await;
        assert_eq!(lang_and_dir(&body), (tag.into(), "rtl".into()));
    }
    let (_, arabic) = page(&app, &format!("{frame}?lang=ar"), "").await;
    let forms = frame_config(&arabic)["t"]["widget-behind"].clone();
    assert_eq!(forms.as_object().unwrap().len(), 6, "Arabic's six plural forms: {forms}");

    // The lander, and the frame it shows, in the visitor's language.
    let (_, lander) = page(&app, &format!("/l/{campaign}"), "it").await;
    assert_eq!(lang_and_dir(&lander).0, "it");
    let config = frame_config(&lander);
    assert_eq!(config["visit"], "Visita languages-frame.example.com");
    assert_eq!(config["frame"], format!("../widget/{campaign}/embed?lang=it"));
}

#[tokio::test]
async fn a_spanish_campaigns_emails_are_in_spanish_and_the_owners_own_text_stays_as_written() {
    let sink = SmtpSink::start();
    let app = TestApp::spawn_with(Options { config: Some(sink.config()), ..Default::default() }).await;
    let member = app.member("languages-emails").await;
    let brand = app.brand(&member, "https://languages-emails.example.com").await;
    let fields = json!({"name": "Café Amigos", "reward_type": 5, "reward_value": "10.00", "language": "es",
        "emails": {"welcome": {"enabled": true}, "friend_joined": {"enabled": true},
                   "reward": {"enabled": true, "text": "Hi {{name}}, here it is: {{reward}}"}}});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let body = json!({"campaign_id": campaign, "email": "ana@languages-emails.example.com", "name": "Ana"});
    let ana = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;
    let code = ana["data"]["participant"]["referral_code"].as_str().unwrap().to_owned();
    expect_status(app.refer(&member, &code, "beto@languages-emails.example.com").await, 201).await;

    // Two welcomes, "a friend joined" and the reward: four emails.
    let deadline = Instant::now() + Duration::from_secs(20);
    let messages = loop {
        let messages = sink.messages();
        if messages.len() >= 4 {
            break messages;
        }
        assert!(Instant::now() < deadline, "{} of 4 emails arrived", messages.len());
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let to_ana = |subject: &str| {
        messages
            .iter()
            .find(|m| m["rcpt_tos"] == json!(["ana@languages-emails.example.com"]) && m["subject"] == json!(subject))
            .unwrap_or_else(|| panic!("no {subject:?} to Ana in {messages:?}"))["text"]
            .as_str()
            .unwrap()
            .replace("\r\n", "\n")
    };
    let portal = format!("Tu enlace de referido, tus recompensas y tus pagos: {}/p/{campaign}", app.address);
    let welcome = to_ana("Te damos la bienvenida a Café Amigos");
    assert!(welcome.starts_with("Hola, Ana:\n\nGracias por unirte a Café Amigos."), "{welcome}");
    assert!(welcome.trim_end().ends_with(&portal), "{welcome}");
    // Beto gave no name: the helper's referral names him "Referred".
    let joined = to_ana("Referred se unió con tu enlace");
    assert!(joined.contains("Referred acaba de unirse a Café Amigos con tu enlace. Ya llevas 1."), "{joined}");
    assert!(joined.contains("Sigue compartiendo: "), "{joined}");
    let reward = to_ana("Has ganado una recompensa");
    assert_eq!(reward.trim_end(), format!("Hi Ana, here it is: 10.00\n\n{portal}"), "the owner's own text, as written");
}
