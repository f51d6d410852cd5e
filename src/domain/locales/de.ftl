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
