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

/// The text of the email to `to` with `subject`, with plain line ends.
fn text_to(messages: &[serde_json::Value], to: &str, subject: &str) -> String {
    messages
        .iter()
        .find(|m| m["rcpt_tos"] == json!([to]) && m["subject"] == json!(subject))
        .unwrap_or_else(|| panic!("no {subject:?} to {to} in {messages:?}"))["text"]
        .as_str()
        .unwrap()
        .replace("\r\n", "\n")
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
    let messages = sink.wait_for(4).await;
    let to_ana = |subject: &str| text_to(&messages, "ana@languages-emails.example.com", subject);
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

#[tokio::test]
async fn a_participant_who_signed_up_in_spanish_reads_their_emails_in_spanish_in_an_english_campaign() {
    let sink = SmtpSink::start();
    let app = TestApp::spawn_with(Options { config: Some(sink.config()), ..Default::default() }).await;
    let member = app.member("languages-own").await;
    let brand = app.brand(&member, "https://languages-own.example.com").await;
    let fields = json!({"name": "Beans", "reward_type": 5, "reward_value": "1250.50", "payouts": {"currency": "EUR"},
        "emails": {"welcome": {"enabled": true}, "friend_joined": {"enabled": true}, "reward": {"enabled": true}}});
    let campaign = app.campaign(&member, brand, fields).await;
    assert_eq!(campaign["language"], "en");
    let campaign = campaign["id"].as_u64().unwrap();
    // The reward on offer, its amount written each reader's way.
    let (_, frame) = page(&app, &format!("/widget/{campaign}/embed?lang=es"), "").await;
    assert_eq!(frame_config(&frame)["offer"], "Consigue 1250,50\u{a0}€ en efectivo por cada amigo que se una.");
    let (_, frame) = page(&app, &format!("/widget/{campaign}/embed"), "en-US").await;
    assert_eq!(frame_config(&frame)["offer"], "Get €1,250.50 in cash for every friend who joins.");
    let body = json!({"campaign_id": campaign, "email": "ana@languages-own.example.com", "name": "Ana",
        "language": "es-MX"});
    let ana = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;
    let (ana_id, code) =
        (ana["data"]["participant"]["id"].as_u64().unwrap(), ana["data"]["participant"]["referral_code"].clone());
    // Her friend signs up in Brazilian Portuguese, through her link.
    let body =
        json!({"referral_code": code, "email": "beto@languages-own.example.com", "name": "Beto", "language": "pt-BR"});
    expect_status(app.post_json("/api/v1", "/signups/referral", &member.bearer(), &body).await, 201).await;

    let path = format!("/participants/{ana_id}");
    let detail = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
    assert_eq!(detail["data"]["language"], "es", "kept, as the language we ship: {detail}");

    // Two welcomes, "a friend joined" and the reward.
    let messages = sink.wait_for(4).await;
    let text_to = |to: &str, subject: &str| text_to(&messages, to, subject);
    let ana = "ana@languages-own.example.com";
    let portal = format!("Tu enlace de referido, tus recompensas y tus pagos: {}/p/{campaign}?lang=es", app.address);
    let welcome = text_to(ana, "Te damos la bienvenida a Beans");
    assert!(welcome.starts_with("Hola, Ana:\n\nGracias por unirte a Beans."), "{welcome}");
    assert!(welcome.trim_end().ends_with(&portal), "{welcome}");
    let joined = text_to(ana, "Beto se unió con tu enlace");
    assert!(joined.contains("Beto acaba de unirse a Beans con tu enlace. Ya llevas 1."), "{joined}");
    let reward = text_to(ana, "Has ganado una recompensa");
    assert!(reward.contains("\n\n1250,50\u{a0}€\n\n"), "the amount the Spanish way: {reward}");
    assert!(reward.trim_end().ends_with(&portal), "{reward}");
    let beto = text_to("beto@languages-own.example.com", "Boas-vindas a Beans");
    assert!(beto.starts_with("Olá, Beto,\n\nObrigado por participar de Beans."), "{beto}");
    assert!(beto.trim_end().ends_with(&format!("{}/p/{campaign}?lang=pt-BR", app.address)), "{beto}");
}

#[tokio::test]
async fn the_widget_keeps_the_language_its_frame_spoke_and_a_signup_names_a_language_or_none() {
    let app = TestApp::spawn().await;
    let member = app.member("languages-widget").await;
    let brand = app.brand(&member, "https://languages-widget.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"name": "Beans"})).await["id"].as_u64().unwrap();
    let widget = |email: &str, language: serde_json::Value| {
        plain_client().post(format!("{}/api/widget/signup", app.address)).json(&json!({
            "campaign_id": campaign, "email": email, "language": language}))
    };
    expect_status(widget("de@languages-widget.example.com", json!("de")).send().await.unwrap(), 201).await;
    // A language we do not ship is no error: they read the campaign's.
    expect_status(widget("sv@languages-widget.example.com", json!("sv-SE")).send().await.unwrap(), 201).await;
    let refused =
        expect_status(widget("x@languages-widget.example.com", json!("<b>de</b>")).send().await.unwrap(), 400).await;
    assert_eq!(refused["code"], "validation_failed", "{refused}");
    assert_eq!(refused["error"], "language must be a language tag such as es or pt-BR", "{refused}");
    let body = json!({"campaign_id": campaign, "email": "y@languages-widget.example.com", "language": 12});
    expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 400).await;

    let language_of = |email: &'static str| {
        let app = &app;
        let member = &member;
        async move {
            let path = format!("/participants?campaign_id={campaign}&email={email}");
            let found = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
            let id = found["data"]["participants"][0]["id"].as_u64().unwrap_or_else(|| panic!("{found}"));
            let path = format!("/participants/{id}");
            expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await["data"]["language"].clone()
        }
    };
    assert_eq!(language_of("de@languages-widget.example.com").await, "de");
    assert_eq!(language_of("sv@languages-widget.example.com").await, serde_json::Value::Null);
}
