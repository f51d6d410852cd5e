# Was Teilnehmende lesen, auf Deutsch. Platzhalter ({ $name }) bleiben unverändert.

## Seiten für einen ungültigen Link

page-not-found-title = Seite nicht gefunden
page-not-found = Diese Seite gibt es nicht.
referral-link-invalid-title = Dieser Empfehlungslink ist ungültig
referral-link-invalid = Der Link ist fehlerhaft, abgelaufen, oder die Aktion ist beendet. Bitte die Person, die ihn geteilt hat, um einen neuen.

## Abmelden

unsubscribe-title = Abmelden
unsubscribe-question = Keine E-Mails mehr von { $campaign } erhalten?
unsubscribe-question-digest = Die tägliche Übersicht von { $campaign } nicht mehr erhalten?
unsubscribe-button = Abmelden
unsubscribed-title = Abgemeldet
unsubscribed = Du erhältst keine E-Mails mehr von dieser Aktion.
unsubscribed-digest = Du erhältst keine täglichen Übersichten dieser Aktion mehr. Du kannst sie in den E-Mail-Einstellungen der Aktion wieder einschalten.
unsubscribe-invalid-title = Link ungültig
unsubscribe-invalid = Dieser Abmeldelink ist ungültig, oder die Aktion existiert nicht mehr.

## Teilnehmerportal: Anmeldung

portal-title = Deine Prämien
portal-sign-in-intro = Melde dich an, um deinen Empfehlungslink, die von dir geworbenen Personen, deine Prämien und deine Auszahlungen zu sehen.
portal-email-label = E-Mail
portal-sign-in-button = Anmeldelink per E-Mail senden
portal-sign-in-unavailable = Die Anmeldung per E-Mail ist hier nicht verfügbar. Bitte { $shop } um einen Link zu deinen Prämien.
portal-email-invalid = Gib die E-Mail-Adresse ein, mit der du teilnimmst.
portal-link-sent-title = Sieh in dein Postfach
portal-link-sent = Wenn diese Adresse zu einer teilnehmenden Person gehört, ist ein Anmeldelink unterwegs. Der Link funktioniert einmal, 15 Minuten lang.
portal-back = Zurück
portal-back-to-sign-in = Zurück zur Anmeldung
portal-enter-title = Anmelden
portal-enter-button = Weiter zu deinen Prämien
portal-link-invalid-title = Link ungültig
portal-link-invalid = Dieser Anmeldelink wurde schon benutzt oder ist abgelaufen: Ein Link funktioniert einmal, 15 Minuten lang. Fordere einen neuen an.
portal-too-many-title = Zu viele Anmeldelinks
portal-too-many = Es wurden zu viele Anmeldelinks angefordert. Versuche es in { $minutes ->
    [one] einer Minute
   *[other] { $minutes } Minuten
} noch einmal.
portal-form-refused-title = Formular abgelehnt
portal-form-refused = Dieses Formular wurde nicht von dieser Seite gesendet, oder die Seite ist zu alt. Lade sie neu und versuche es noch einmal.
portal-form-unreadable-title = Formular nicht lesbar
portal-form-unreadable = Sende das Formular noch einmal.
portal-signed-out-title = Abgemeldet
portal-session-ended = Deine Sitzung ist abgelaufen. Melde dich erneut an, um deine Auszahlungsdaten zu ändern.
portal-qr-signed-out = Melde dich an, um deinen QR-Code zu sehen.

## Die Anmelde-E-Mail

portal-email-subject = Dein Anmeldelink für { $campaign }
portal-email-greeting = Hallo { $name },
portal-email-greeting-anonymous = Hallo,
portal-email-body = Öffne diesen Link, um deinen Empfehlungslink, deine Prämien und deine Auszahlungen für { $campaign } zu sehen:
portal-email-expiry = Er funktioniert einmal, 15 Minuten lang. Wenn du ihn nicht angefordert hast, kannst du diese E-Mail ignorieren.

## Teilnehmerportal: angemeldet

portal-hello = Hallo { $name }
portal-sign-out = Abmelden
portal-your-link = Dein Empfehlungslink
portal-copy = Kopieren
portal-copied = Kopiert
portal-share-email = E-Mail
portal-qr-alt = QR-Code deines Empfehlungslinks
portal-referred = Von dir geworben
portal-referred-count = { $count ->
    [one] Du hast eine Person geworben.
   *[other] Du hast { $count } Personen geworben.
}
portal-referred-none = Noch niemand. Teile deinen Link.
portal-a-friend = Eine Person
portal-rewards = Deine Prämien
portal-rewards-none = Noch keine.
portal-reward-coupon = Gutschein
portal-reward-cash = Geld
portal-reward-message = Prämie
portal-reward-token = Token
portal-reward-held = wird geprüft
portal-reward-pending = wartet auf einen Code
portal-reward-issued = deine
portal-reward-fulfilled = ausgezahlt
portal-reward-voided = storniert
portal-reward-on-its-way = Unterwegs: Sie wird geprüft oder wartet auf einen Code.
portal-commission = Ein von Ihnen geworbener Kunde: Rechnung für den Zeitraum ab { $period }
portal-promo-codes = Ihre Rabattcodes
portal-promo-codes-none = Sie haben noch keinen Rabattcode.
portal-promo-code-numbers = Verwendet: { $uses } · Ihnen gutgeschriebene Käufe: { $conversions }
portal-promo-code-disabled = deaktiviert
portal-promo-code-ask = Eigenen Code anfordern
portal-promo-code-hint = 3 bis 32 Buchstaben, Ziffern, - oder _. Kunden, die ihn verwenden, werden Ihnen gutgeschrieben.
portal-promo-code-button = Diesen Code holen
portal-promo-code-saved = Der Code gehört Ihnen: Teilen Sie ihn.
portal-promo-code-taken = Dieser Code ist vergeben. Wählen Sie einen anderen.
portal-promo-code-invalid = Ein Code hat 3 bis 32 Buchstaben, Ziffern, - oder _.
portal-payouts = Guthaben und Auszahlungen
portal-due = Dein Guthaben:
portal-owed = Wird von deinen nächsten Auszahlungen abgezogen (erstattete Käufe): { $amount }
portal-payouts-none = Noch keine Auszahlungen.
portal-payout = Auszahlung
portal-amount = Betrag
portal-state = Status
portal-date = Datum
portal-payout-requested = angefordert
portal-payout-paid = bezahlt
portal-payout-failed = fehlgeschlagen
portal-details = Wohin wir zahlen
portal-details-saved = Gespeichert.
portal-details-invalid = Gib die E-Mail-Adresse deines PayPal- oder Wise-Kontos ein, oder die Angaben, um die der Shop gebeten hat (höchstens 500 Zeichen).
portal-details-method = Methode
portal-details-paypal = PayPal (E-Mail des Kontos)
portal-details-wise = Wise (E-Mail des Kontos)
portal-details-other = Andere (wie vom Shop erbeten)
portal-details-value = E-Mail des Kontos oder Angaben
portal-save = Speichern

## Das Widget. Werte in Klammern ohne Dollarzeichen ({name}, {n}) füllt das Skript ein.

widget-name-label = Name
widget-name-placeholder = Dein Name
widget-email-label = E-Mail
widget-preview-only = Dies ist eine Vorschau: Anmelden ist hier ausgeschaltet.
widget-error = Etwas ist schiefgelaufen; bitte versuche es noch einmal.
widget-offline = Der Server ist nicht erreichbar; bitte versuche es noch einmal.
widget-reward-withdrawn = Diese Prämie wurde zurückgezogen.
widget-reward-on-its-way = Deine Prämie ist unterwegs: Dein Code ist bald bereit.
widget-your-coupon = Dein Gutscheincode
widget-your-reward = Deine Prämie
widget-a-message = Eine Nachricht für dich
widget-copy-code = Code kopieren
widget-copied = Kopiert!
widget-your-link = Dein Empfehlungslink
widget-copy = Kopieren
widget-press-ctrl-c = Drücke Strg+C
widget-welcome = Willkommen, { $name }!
widget-you-are-in = Du bist dabei!
widget-share-prompt = Teile deinen Link. Freunde, die darüber beitreten, zählen für deine Prämie.
widget-share-email = E-Mail
widget-top-referrers = Top-Werber
widget-off-waitlist = Du bist nicht mehr auf der Warteliste: Du bist dabei!
widget-position = Du bist Nummer { $position } in der Warteschlange
widget-every-reward-earned = alle Prämien verdient
widget-tier-coupon = ein Gutschein
widget-tier-cash = { $amount } in bar
widget-close = Schließen
widget-friends = { $count ->
    [one] { $count } Freund
   *[other] { $count } Freunde
}
widget-friends-joined = { $count ->
    [one] { $count } Freund beigetreten
   *[other] { $count } Freunde beigetreten
}
widget-more-for-next = { $count ->
    [one] noch { $count } bis zu deiner nächsten Prämie
   *[other] noch { $count } bis zu deiner nächsten Prämie
}
widget-more-for-tier = { $count ->
    [one] noch { $count } bis zu deiner nächsten Prämie (bei { $target }: { $reward })
   *[other] noch { $count } bis zu deiner nächsten Prämie (bei { $target }: { $reward })
}
widget-behind = { $count ->
    [one] { $count } Person hinter dir.
   *[other] { $count } Personen hinter dir.
}
widget-moves-up = { $count ->
    [one] Jeder Freund, der beitritt, bringt dich { $count } Platz nach vorn.
   *[other] Jeder Freund, der beitritt, bringt dich { $count } Plätze nach vorn.
}

## Was das Widget anbietet

offer-coupon = einen Gutscheincode
offer-cash = { $amount } in bar
offer-token = { $amount } Token
offer-reward = eine Prämie
offer-every-signup = { $count ->
    [one] Erhalte { $reward } für jeden Freund, der beitritt.
   *[other] Erhalte { $reward } für je { $count } Freunde, die beitreten.
}
offer-every-visit = { $count ->
    [one] Erhalte { $reward } für jeden einzelnen Besuch deines Links.
   *[other] Erhalte { $reward } für je { $count } einzelne Besuche deines Links.
}
offer-every-conversion = { $count ->
    [one] Erhalte { $reward } für jeden Freund, der kauft.
   *[other] Erhalte { $reward } für je { $count } Freunde, die kaufen.
}
offer-tiers-signup = Prämien, je mehr Freunde beitreten: { $steps }.
offer-tiers-visit = Prämien, je mehr einzelne Besuche dein Link hat: { $steps }.
offer-tiers-conversion = Prämien, je mehr Freunde kaufen: { $steps }.
offer-tier-step = { $reward } bei { $count }
offer-step-separator = {", "}
offer-two-way = Freunde, die über deinen Link beitreten, erhalten auch eine Prämie.

## Die Landingpage

lander-visit = { $domain } besuchen
lander-title = Empfehlungsprogramm
lander-social = Soziale Netzwerke

## E-Mails an Teilnehmende, solange die Aktion die Standardtexte behält.

email-welcome-subject = Willkommen bei { $campaign }
email-welcome-body = Danke, dass du bei { $campaign } mitmachst. Teile deinen Link mit Freunden und verdiene Prämien, wenn sie beitreten:
email-friend-joined-subject = { $friend } ist über deinen Link beigetreten
email-friend-joined-body = { $friend } ist gerade über deinen Link { $campaign } beigetreten. { $count ->
    [one] Das ist bisher { $count }.
   *[other] Das sind bisher { $count }.
}
email-keep-sharing = Teile weiter: { $link }
email-reward-subject = Du hast eine Prämie verdient
email-reward-body = Danke, dass du { $campaign } weiterempfiehlst. Deine Prämie:
email-friend-reward-subject = Deine Prämie für deinen Beitritt zu { $campaign }
email-friend-reward-body = Willkommen bei { $campaign }, und danke, dass du über den Link eines Freundes beigetreten bist. Deine Prämie:
email-share-own = Teile deinen eigenen Link und verdiene mehr, wenn deine Freunde beitreten:
email-portal-footer = Dein Empfehlungslink, deine Prämien und Auszahlungen

# The widget's headline and button while the owner keeps ours.
widget-headline = Freunde einladen, Prämien erhalten
widget-button = Meinen Empfehlungslink holen
