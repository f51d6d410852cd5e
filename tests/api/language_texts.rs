//! An owner's own words per language (`texts` of a campaign): they win for the readers of
//! their language; everyone else reads the campaign's own texts where the owner changed ours,
//! else ours in their language. Through the API and through the dashboard's campaign form.

use serde_json::json;

use crate::dashboard::{campaign_fields, token_of, Browser};
use crate::helpers::*;
use crate::smtp_sink::SmtpSink;

/// The frame's settings for a visitor asking for `lang`.
async fn frame(app: &TestApp, campaign: u64, lang: &str) -> serde_json::Value {
    let path = format!("{}/widget/{campaign}/embed?lang={lang}", app.address);
    let body = plain_client().get(path).send().await.unwrap().text().await.unwrap();
    let start = body.find("id=\"referrals-config\">").expect("the frame's settings") + 22;
    serde_json::from_str(&body[start..start + body[start..].find("</script>").unwrap()]).unwrap()
}

#[tokio::test]
async fn an_owners_words_for_a_language_win_for_its_readers_and_the_rest_fall_back() {
    let sink = SmtpSink::start();
    let app = TestApp::spawn_with(Options { config: Some(sink.config()), ..Default::default() }).await;
    let member = app.member("language-texts").await;
    let brand = app.brand(&member, "https://language-texts.example.com").await;
    let fields = json!({"name": "Beans", "reward_type": 1, "widget": {"headline": "Spread the beans"},
        "emails": {"welcome": {"enabled": true}},
        "texts": {"es": {"headline": "Corre la voz", "button_text": "", "emails": {"welcome": {"subject": "¡Hola {{name}}!"}}},
                  "de": {"headline": null}}});
    let created = app.campaign(&member, brand, fields).await;
    let campaign = created["id"].as_u64().unwrap();
    assert_eq!(
        created["texts"],
        json!({"es": {"headline": "Corre la voz", "emails": {"welcome": {"subject": "¡Hola {{name}}!"}}}}),
        "only what was given"
    );

    // Spanish readers: the owner's Spanish headline, and our button in Spanish (they kept ours).
    let spanish = frame(&app, campaign, "es").await;
    assert_eq!(
        (&spanish["headline"], &spanish["button"]),
        (&json!("Corre la voz"), &json!("Obtener mi enlace de referido"))
    );
    // German readers: the owner's headline as written (they changed ours), our button in German.
    let german = frame(&app, campaign, "de").await;
    assert_eq!(
        (&german["headline"], &german["button"]),
        (&json!("Spread the beans"), &json!("Meinen Empfehlungslink holen"))
    );
    let english = frame(&app, campaign, "en").await;
    assert_eq!(
        (&english["headline"], &english["button"]),
        (&json!("Spread the beans"), &json!("Get my referral link"))
    );

    // A Spanish participant's welcome: the owner's Spanish subject, our Spanish text.
    let body =
        json!({"campaign_id": campaign, "email": "ana@language-texts.example.com", "name": "Ana", "language": "es"});
    expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;
    let welcome = sink.wait_for(1).await.remove(0);
    assert_eq!(welcome["subject"], "¡Hola Ana!");
    assert!(
        welcome["text"].as_str().unwrap().starts_with("Hola, Ana:\r\n\r\nGracias por unirte a Beans."),
        "{welcome}"
    );

    // Refused with the place named; cleared by an empty object.
    let path = format!("/campaigns/{campaign}");
    let refused =
        app.put_json("/api/v1", &path, &member.bearer(), &json!({"texts": {"sv": {"headline": "Hej"}}})).await;
    let refused = expect_status(refused, 400).await;
    assert!(refused["error"].as_str().unwrap().starts_with("texts.sv: not a language we ship"), "{refused}");
    let too_long = json!({"texts": {"ja": {"button_text": "x".repeat(61)}}});
    let refused = expect_status(app.put_json("/api/v1", &path, &member.bearer(), &too_long).await, 400).await;
    assert_eq!(refused["error"], "texts.ja.button_text must be at most 60 characters");
    let cleared =
        expect_status(app.put_json("/api/v1", &path, &member.bearer(), &json!({"texts": {}})).await, 200).await;
    assert_eq!(cleared["data"]["texts"], json!({}));
    assert_eq!(frame(&app, campaign, "es").await["headline"], "Spread the beans");
}

#[tokio::test]
async fn the_campaign_form_saves_texts_per_language_and_shows_them_back() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let brand = browser.brand("https://form-texts.example", "").await;
    let new_page = format!("/dashboard/brands/{brand}/campaigns/new");
    let create = format!("/dashboard/brands/{brand}/campaigns");
    let blank = browser.get(&new_page).await;
    assert!(blank.body.contains("Texts per language"), "{}", blank.body);
    assert!(blank.body.contains("name=\"texts_he_headline\"") && blank.body.contains("lang=\"he\" dir=\"rtl\""));

    let mut fields = campaign_fields("Texts", "1");
    fields.extend_from_slice(&[("section", "texts"), ("texts_es_headline", "Corre la voz")]);
    let mut wrong = fields.clone();
    wrong.push(("texts_fr_reward_text", "Voici {{code}}"));
    let refused = browser.submit(&new_page, &create, &wrong).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("texts.fr.emails.reward.text: unknown placeholder {{code}}"), "{}", refused.body);
    assert!(refused.body.contains(">Voici {{code}}</textarea>"), "kept as typed");

    fields.push(("texts_fr_reward_text", "Voici {{reward}}"));
    let created = browser.submit(&new_page, &create, &fields).await;
    assert_eq!(created.status, 303, "{}", created.body);
    let id = created.location().split('?').next().unwrap().trim_start_matches("/dashboard/campaigns/").to_owned();
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{id}"), &cred).await, 200).await;
    assert_eq!(
        read["data"]["texts"],
        json!({"es": {"headline": "Corre la voz"}, "fr": {"emails": {"reward": {"text": "Voici {{reward}}"}}}})
    );
    let edit = browser.get(&format!("/dashboard/campaigns/{id}/edit")).await;
    assert!(edit.body.contains("value=\"Corre la voz\""), "{}", edit.body);
    assert!(edit.body.contains(">Voici {{reward}}</textarea>"));
}
