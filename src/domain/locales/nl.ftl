# Wat deelnemers lezen, in het Nederlands. Plaatshouders ({ $name }) blijven ongewijzigd.

## Pagina's voor een ongeldige link

page-not-found-title = Pagina niet gevonden
page-not-found = Deze pagina bestaat niet.
referral-link-invalid-title = Deze verwijzingslink is niet geldig
referral-link-invalid = De link die je volgde werkt niet, is verlopen of de actie is afgelopen. Vraag de persoon die hem deelde om een nieuwe.

## Afmelden

unsubscribe-title = Afmelden
unsubscribe-question = Geen e-mails meer ontvangen van { $campaign }?
unsubscribe-question-digest = Het dagelijkse overzicht van { $campaign } niet meer ontvangen?
unsubscribe-button = Afmelden
unsubscribed-title = Afgemeld
unsubscribed = Je ontvangt geen e-mails meer van deze actie.
unsubscribed-digest = Je ontvangt geen dagelijkse overzichten van deze actie meer. Zet ze weer aan bij de e-mails van de actie.
unsubscribe-invalid-title = Link niet geldig
unsubscribe-invalid = Deze afmeldlink is niet geldig, of de actie bestaat niet meer.

## Deelnemersportaal: inloggen

portal-title = Jouw beloningen
portal-sign-in-intro = Log in om je verwijzingslink, de vrienden die je hebt doorverwezen, je beloningen en je uitbetalingen te zien.
portal-email-label = E-mail
portal-sign-in-button = Stuur me een inloglink
portal-sign-in-unavailable = Inloggen per e-mail is hier niet beschikbaar. Vraag { $shop } om een link naar je beloningen.
portal-email-invalid = Vul het e-mailadres in waarmee je meedoet.
portal-link-sent-title = Kijk in je mailbox
portal-link-sent = Als dat adres van een deelnemer is, is er een inloglink onderweg. De link werkt één keer, 15 minuten lang.
portal-back = Terug
portal-back-to-sign-in = Terug naar inloggen
portal-enter-title = Inloggen
portal-enter-button = Naar mijn beloningen
portal-link-invalid-title = Link niet geldig
portal-link-invalid = Deze inloglink is al gebruikt of verlopen: een link werkt één keer, 15 minuten lang. Vraag een nieuwe aan.
portal-too-many-title = Te veel inloglinks
portal-too-many = Er zijn te veel inloglinks aangevraagd. Probeer het over { $minutes ->
    [one] een minuut
   *[other] { $minutes } minuten
} opnieuw.
portal-form-refused-title = Formulier geweigerd
portal-form-refused = Dit formulier is niet vanaf deze pagina verstuurd, of de pagina is te oud. Laad haar opnieuw en probeer het nog eens.
portal-form-unreadable-title = Formulier onleesbaar
portal-form-unreadable = Verstuur het formulier opnieuw.
portal-signed-out-title = Uitgelogd
portal-session-ended = Je sessie is verlopen. Log opnieuw in om te wijzigen waar we je uitbetalen.
portal-qr-signed-out = Log in om je QR-code te zien.

## De inlogmail

portal-email-subject = Je inloglink voor { $campaign }
portal-email-greeting = Hoi { $name },
portal-email-greeting-anonymous = Hallo,
portal-email-body = Open deze link om je verwijzingslink, je beloningen en je uitbetalingen voor { $campaign } te zien:
portal-email-expiry = Hij werkt één keer, 15 minuten lang. Heb je hem niet aangevraagd, dan kun je deze e-mail negeren.

## Deelnemersportaal: ingelogd

portal-hello = Hoi { $name }
portal-sign-out = Uitloggen
portal-your-link = Jouw verwijzingslink
portal-copy = Kopiëren
portal-copied = Gekopieerd
portal-share-email = E-mail
portal-qr-alt = QR-code van je verwijzingslink
portal-referred = Door jou doorverwezen
portal-referred-count = { $count ->
    [one] Je hebt één persoon doorverwezen.
   *[other] Je hebt { $count } mensen doorverwezen.
}
portal-referred-none = Nog niemand. Deel je link.
portal-a-friend = Een vriend
portal-rewards = Jouw beloningen
portal-rewards-none = Nog geen.
portal-reward-coupon = Kortingscode
portal-reward-cash = Geld
portal-reward-message = Beloning
portal-reward-token = Tokens
portal-reward-held = wordt gecontroleerd
portal-reward-pending = wacht op een code
portal-reward-issued = van jou
portal-reward-fulfilled = uitbetaald
portal-reward-voided = geannuleerd
portal-reward-on-its-way = Onderweg: wordt gecontroleerd of wacht op een code.
portal-payouts = Saldo en uitbetalingen
portal-due = Jouw tegoed:
portal-owed = Gaat af van je volgende uitbetalingen (terugbetaalde aankopen): { $amount }
portal-payouts-none = Nog geen uitbetalingen.
portal-payout = Uitbetaling
portal-amount = Bedrag
portal-state = Status
portal-date = Datum
portal-payout-requested = aangevraagd
portal-payout-paid = betaald
portal-payout-failed = mislukt
portal-details = Waar we je betalen
portal-details-saved = Opgeslagen.
portal-details-invalid = Vul het e-mailadres van je PayPal- of Wise-account in, of de gegevens waar de winkel om vroeg (hoogstens 500 tekens).
portal-details-method = Methode
portal-details-paypal = PayPal (e-mail van het account)
portal-details-wise = Wise (e-mail van het account)
portal-details-other = Anders (zoals de winkel vroeg)
portal-details-value = E-mail van het account of gegevens
portal-save = Opslaan
