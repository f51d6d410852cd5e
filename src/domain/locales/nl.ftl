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
portal-commission = Een klant die u aanbracht: factuur voor de periode vanaf { $period }
portal-promo-codes = Uw kortingscodes
portal-promo-codes-none = U heeft nog geen kortingscode.
portal-promo-code-numbers = Gebruikt: { $uses } · Aankopen op uw naam: { $conversions }
portal-promo-code-disabled = uitgeschakeld
portal-promo-code-ask = Vraag een eigen code aan
portal-promo-code-hint = 3 tot 32 letters, cijfers, - of _. Klanten die hem gebruiken, worden op uw naam gezet.
portal-promo-code-button = Deze code nemen
portal-promo-code-saved = De code is van u: deel hem.
portal-promo-code-taken = Deze code is al bezet. Kies een andere.
portal-promo-code-invalid = Een code heeft 3 tot 32 letters, cijfers, - of _.
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

## De widget. Waarden tussen accolades zonder dollarteken ({name}, {n}) vult het script in.

widget-name-label = Naam
widget-name-placeholder = Je naam
widget-email-label = E-mail
widget-preview-only = Dit is een voorbeeld: aanmelden staat hier uit.
widget-error = Er ging iets mis; probeer het opnieuw.
widget-offline = De server is niet bereikbaar; probeer het opnieuw.
widget-reward-withdrawn = Deze beloning is ingetrokken.
widget-reward-on-its-way = Je beloning is onderweg: je code is binnenkort klaar.
widget-your-coupon = Je kortingscode
widget-your-reward = Je beloning
widget-a-message = Een bericht voor jou
widget-copy-code = Code kopiëren
widget-copied = Gekopieerd!
widget-your-link = Jouw verwijzingslink
widget-copy = Kopiëren
widget-press-ctrl-c = Druk op Ctrl+C
widget-welcome = Welkom, { $name }!
widget-you-are-in = Je doet mee!
widget-share-prompt = Deel je link. Vrienden die via die link meedoen, tellen mee voor je beloning.
widget-share-email = E-mail
widget-top-referrers = Beste doorverwijzers
widget-off-waitlist = Je staat niet meer op de wachtlijst: je doet mee!
widget-position = Je bent nummer { $position } in de rij
widget-every-reward-earned = alle beloningen verdiend
widget-tier-coupon = een kortingsbon
widget-tier-cash = { $amount } contant
widget-close = Sluiten
widget-friends = { $count ->
    [one] { $count } vriend
   *[other] { $count } vrienden
}
widget-friends-joined = { $count ->
    [one] { $count } vriend doet mee
   *[other] { $count } vrienden doen mee
}
widget-more-for-next = { $count ->
    [one] nog { $count } tot je volgende beloning
   *[other] nog { $count } tot je volgende beloning
}
widget-more-for-tier = { $count ->
    [one] nog { $count } tot je volgende beloning (bij { $target }: { $reward })
   *[other] nog { $count } tot je volgende beloning (bij { $target }: { $reward })
}
widget-behind = { $count ->
    [one] { $count } persoon achter je.
   *[other] { $count } mensen achter je.
}
widget-moves-up = { $count ->
    [one] Elke vriend die meedoet, brengt je { $count } plek vooruit.
   *[other] Elke vriend die meedoet, brengt je { $count } plekken vooruit.
}

## Wat de widget aanbiedt

offer-coupon = een kortingscode
offer-cash = { $amount } contant
offer-token = { $amount } tokens
offer-reward = een beloning
offer-every-signup = { $count ->
    [one] Krijg { $reward } voor elke vriend die meedoet.
   *[other] Krijg { $reward } per { $count } vrienden die meedoen.
}
offer-every-visit = { $count ->
    [one] Krijg { $reward } voor elk uniek bezoek aan je link.
   *[other] Krijg { $reward } per { $count } unieke bezoeken aan je link.
}
offer-every-conversion = { $count ->
    [one] Krijg { $reward } voor elke vriend die koopt.
   *[other] Krijg { $reward } per { $count } vrienden die kopen.
}
offer-tiers-signup = Beloningen naarmate meer vrienden meedoen: { $steps }.
offer-tiers-visit = Beloningen naarmate je link meer unieke bezoeken krijgt: { $steps }.
offer-tiers-conversion = Beloningen naarmate meer vrienden kopen: { $steps }.
offer-tier-step = { $reward } bij { $count }
offer-step-separator = {", "}
offer-two-way = Vrienden die via je link meedoen, krijgen ook een beloning.

## De landingspagina

lander-visit = Naar { $domain }
lander-title = Verwijsprogramma
lander-social = Sociale media

## E-mails aan deelnemers, zolang de actie de standaardteksten houdt.

email-welcome-subject = Welkom bij { $campaign }
email-welcome-body = Bedankt dat je meedoet aan { $campaign }. Deel je link met vrienden en verdien beloningen als ze meedoen:
email-friend-joined-subject = { $friend } doet mee via jouw link
email-friend-joined-body = { $friend } doet nu mee aan { $campaign } via jouw link. { $count ->
    [one] Dat is er tot nu toe { $count }.
   *[other] Dat zijn er tot nu toe { $count }.
}
email-keep-sharing = Blijf delen: { $link }
email-reward-subject = Je hebt een beloning verdiend
email-reward-body = Bedankt dat je { $campaign } aanbeveelt. Je beloning:
email-friend-reward-subject = Je beloning voor meedoen aan { $campaign }
email-friend-reward-body = Welkom bij { $campaign }, en bedankt dat je via de link van een vriend meedoet. Je beloning:
email-share-own = Deel je eigen link en verdien meer als je vrienden meedoen:
email-portal-footer = Je verwijzingslink, beloningen en uitbetalingen

# The widget's headline and button while the owner keeps ours.
widget-headline = Nodig vrienden uit, verdien beloningen
widget-button = Mijn verwijzingslink ophalen
