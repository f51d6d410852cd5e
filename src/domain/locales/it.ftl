# Ciò che leggono i partecipanti, in italiano. I segnaposto ({ $name }) restano invariati.

## Pagine per un link non valido

page-not-found-title = Pagina non trovata
page-not-found = Questa pagina non esiste.
referral-link-invalid-title = Questo link di invito non è valido
referral-link-invalid = Il link che hai seguito non funziona, è scaduto o la campagna è terminata. Chiedine uno nuovo a chi te l’ha condiviso.

## Disiscrizione

unsubscribe-title = Annulla iscrizione
unsubscribe-question = Non ricevere più email da { $campaign }?
unsubscribe-question-digest = Non ricevere più il riepilogo giornaliero di { $campaign }?
unsubscribe-button = Annulla iscrizione
unsubscribed-title = Iscrizione annullata
unsubscribed = Non riceverai più email da questa campagna.
unsubscribed-digest = Non riceverai più i riepiloghi giornalieri di questa campagna. Riattivali nelle email della campagna.
unsubscribe-invalid-title = Link non valido
unsubscribe-invalid = Questo link di disiscrizione non è valido, oppure la campagna non esiste più.

## Portale del partecipante: accesso

portal-title = I tuoi premi
portal-sign-in-intro = Accedi per vedere il tuo link di invito, gli amici che hai invitato, i tuoi premi e i tuoi pagamenti.
portal-email-label = Email
portal-sign-in-button = Inviami un link di accesso
portal-sign-in-unavailable = L’accesso via email non è disponibile qui. Chiedi a { $shop } un link ai tuoi premi.
portal-email-invalid = Inserisci l’indirizzo email con cui ti sei iscritto.
portal-link-sent-title = Controlla la tua email
portal-link-sent = Se quell’indirizzo appartiene a un partecipante, un link di accesso è in arrivo. Il link funziona una volta, per 15 minuti.
portal-back = Indietro
portal-back-to-sign-in = Torna all’accesso
portal-enter-title = Accedi
portal-enter-button = Vai ai tuoi premi
portal-link-invalid-title = Link non valido
portal-link-invalid = Questo link di accesso è già stato usato o è scaduto: un link funziona una volta, per 15 minuti. Chiedine uno nuovo.
portal-too-many-title = Troppi link di accesso
portal-too-many = Sono stati richiesti troppi link di accesso. Riprova tra { $minutes ->
    [one] un minuto
   *[other] { $minutes } minuti
}.
portal-form-refused-title = Modulo rifiutato
portal-form-refused = Questo modulo non è stato inviato da questa pagina, oppure la pagina è troppo vecchia. Ricaricala e riprova.
portal-form-unreadable-title = Modulo illeggibile
portal-form-unreadable = Invia di nuovo il modulo.
portal-signed-out-title = Disconnesso
portal-session-ended = La tua sessione è scaduta. Accedi di nuovo per cambiare dove ricevere i pagamenti.
portal-qr-signed-out = Accedi per vedere il tuo codice QR.

## L’email di accesso

portal-email-subject = Il tuo link di accesso a { $campaign }
portal-email-greeting = Ciao { $name },
portal-email-greeting-anonymous = Ciao,
portal-email-body = Apri questo link per vedere il tuo link di invito, i tuoi premi e i tuoi pagamenti di { $campaign }:
portal-email-expiry = Funziona una volta, per 15 minuti. Se non l’hai richiesto, puoi ignorare questa email.

## Portale del partecipante: connesso

portal-hello = Ciao { $name }
portal-sign-out = Esci
portal-your-link = Il tuo link di invito
portal-copy = Copia
portal-copied = Copiato
portal-share-email = Email
portal-qr-alt = Codice QR del tuo link di invito
portal-referred = Persone che hai invitato
portal-referred-count = { $count ->
    [one] Hai invitato una persona.
   *[other] Hai invitato { $count } persone.
}
portal-referred-none = Ancora nessuno. Condividi il tuo link.
portal-a-friend = Un amico
portal-rewards = I tuoi premi
portal-rewards-none = Ancora nessuno.
portal-reward-coupon = Buono
portal-reward-cash = Denaro
portal-reward-message = Premio
portal-reward-token = Token
portal-reward-held = in verifica
portal-reward-pending = in attesa di un codice
portal-reward-issued = tuo
portal-reward-fulfilled = pagato
portal-reward-voided = annullato
portal-reward-on-its-way = In arrivo: è in verifica o attende un codice.
portal-commission = Un cliente che hai presentato: fattura del periodo dal { $period }
portal-promo-codes = I tuoi codici promozionali
portal-promo-codes-none = Non hai ancora un codice promozionale.
portal-promo-code-numbers = Utilizzi: { $uses } · Acquisti accreditati a te: { $conversions }
portal-promo-code-disabled = disattivato
portal-promo-code-ask = Chiedi un codice tutto tuo
portal-promo-code-hint = Da 3 a 32 lettere, cifre, - o _. I clienti che lo usano sono accreditati a te.
portal-promo-code-button = Ottieni questo codice
portal-promo-code-saved = Il codice è tuo: condividilo.
portal-promo-code-taken = Questo codice è già preso. Scegline un altro.
portal-promo-code-invalid = Un codice ha da 3 a 32 lettere, cifre, - o _.
portal-payouts = Saldo e pagamenti
portal-due = Ti spettano:
portal-owed = Detratto dai tuoi prossimi pagamenti (acquisti rimborsati): { $amount }
portal-payouts-none = Ancora nessun pagamento.
portal-payout = Pagamento
portal-amount = Importo
portal-state = Stato
portal-date = Data
portal-payout-requested = richiesto
portal-payout-paid = pagato
portal-payout-failed = non riuscito
portal-details = Dove pagarti
portal-details-saved = Salvato.
portal-details-invalid = Inserisci l’email del tuo account PayPal o Wise, oppure i dati richiesti dal negozio (al massimo 500 caratteri).
portal-details-method = Metodo
portal-details-paypal = PayPal (email dell’account)
portal-details-wise = Wise (email dell’account)
portal-details-other = Altro (come richiesto dal negozio)
portal-details-value = Email dell’account o dati
portal-save = Salva

## Il widget. I valori tra graffe senza dollaro ({name}, {n}) li inserisce lo script.

widget-name-label = Nome
widget-name-placeholder = Il tuo nome
widget-email-label = Email
widget-preview-only = Questa è un’anteprima: qui l’iscrizione è disattivata.
widget-error = Qualcosa è andato storto; riprova.
widget-offline = Impossibile raggiungere il server; riprova.
widget-reward-withdrawn = Questo premio è stato ritirato.
widget-reward-on-its-way = Il tuo premio è in arrivo: il tuo codice sarà pronto a breve.
widget-your-coupon = Il tuo codice sconto
widget-your-reward = Il tuo premio
widget-a-message = Un messaggio per te
widget-copy-code = Copia codice
widget-copied = Copiato!
widget-your-link = Il tuo link di invito
widget-copy = Copia
widget-press-ctrl-c = Premi Ctrl+C
widget-welcome = Benvenuto, { $name }!
widget-you-are-in = Sei dentro!
widget-share-prompt = Condividi il tuo link. Gli amici che si iscrivono tramite esso contano per il tuo premio.
widget-share-email = Email
widget-top-referrers = Chi ha invitato di più
widget-off-waitlist = Sei uscito dalla lista d’attesa: sei dentro!
widget-position = Sei il numero { $position } in fila
widget-every-reward-earned = tutti i premi ottenuti
widget-tier-coupon = un buono
widget-tier-cash = { $amount } in denaro
widget-close = Chiudi
widget-friends = { $count ->
    [one] { $count } amico
   *[other] { $count } amici
}
widget-friends-joined = { $count ->
    [one] { $count } amico iscritto
   *[other] { $count } amici iscritti
}
widget-more-for-next = { $count ->
    [one] ancora { $count } per il prossimo premio
   *[other] ancora { $count } per il prossimo premio
}
widget-more-for-tier = { $count ->
    [one] ancora { $count } per il prossimo premio (a { $target }: { $reward })
   *[other] ancora { $count } per il prossimo premio (a { $target }: { $reward })
}
widget-behind = { $count ->
    [one] { $count } persona dietro di te.
   *[other] { $count } persone dietro di te.
}
widget-moves-up = { $count ->
    [one] Ogni amico che si iscrive ti fa salire di { $count } posto.
   *[other] Ogni amico che si iscrive ti fa salire di { $count } posti.
}

## Cosa offre il widget

offer-coupon = un codice sconto
offer-cash = { $amount } in denaro
offer-token = { $amount } token
offer-reward = un premio
offer-every-signup = { $count ->
    [one] Ricevi { $reward } per ogni amico che si iscrive.
   *[other] Ricevi { $reward } ogni { $count } amici che si iscrivono.
}
offer-every-visit = { $count ->
    [one] Ricevi { $reward } per ogni visita unica del tuo link.
   *[other] Ricevi { $reward } ogni { $count } visite uniche del tuo link.
}
offer-every-conversion = { $count ->
    [one] Ricevi { $reward } per ogni amico che acquista.
   *[other] Ricevi { $reward } ogni { $count } amici che acquistano.
}
offer-tiers-signup = Premi man mano che i tuoi amici si iscrivono: { $steps }.
offer-tiers-visit = Premi man mano che il tuo link riceve visite uniche: { $steps }.
offer-tiers-conversion = Premi man mano che i tuoi amici acquistano: { $steps }.
offer-tier-step = { $reward } a { $count }
offer-step-separator = {", "}
offer-two-way = Anche gli amici che si iscrivono tramite il tuo link ricevono un premio.

## La pagina di destinazione

lander-visit = Visita { $domain }
lander-title = Programma di referral
lander-social = Link ai social

## Email ai partecipanti, finché la campagna mantiene i testi predefiniti.

email-welcome-subject = Benvenuto in { $campaign }
email-welcome-body = Grazie per esserti iscritto a { $campaign }. Condividi il tuo link con gli amici e guadagna premi quando si iscrivono:
email-friend-joined-subject = { $friend } si è iscritto con il tuo link
email-friend-joined-body = { $friend } si è appena iscritto a { $campaign } con il tuo link. { $count ->
    [one] Finora sei a { $count }.
   *[other] Finora sei a { $count }.
}
email-keep-sharing = Continua a condividere: { $link }
email-reward-subject = Hai ottenuto un premio
email-reward-body = Grazie per aver fatto conoscere { $campaign }. Il tuo premio:
email-friend-reward-subject = Il tuo premio per l’iscrizione a { $campaign }
email-friend-reward-body = Benvenuto in { $campaign }, e grazie per esserti iscritto con il link di un amico. Il tuo premio:
email-share-own = Condividi il tuo link e guadagna di più quando i tuoi amici si iscrivono:
email-portal-footer = Il tuo link di invito, i tuoi premi e i tuoi pagamenti

# The widget's headline and button while the owner keeps ours.
widget-headline = Invita gli amici, guadagna premi
widget-button = Ottieni il mio link di invito
