# Ce que lisent les participants, en français. Les paramètres ({ $name }) restent tels quels.

## Pages pour un lien invalide

page-not-found-title = Page introuvable
page-not-found = Cette page n’existe pas.
referral-link-invalid-title = Ce lien de parrainage n’est pas valide
referral-link-invalid = Le lien que vous avez suivi est incorrect, a expiré, ou sa campagne est terminée. Demandez-en un nouveau à la personne qui l’a partagé.

## Désinscription

unsubscribe-title = Se désinscrire
unsubscribe-question = Ne plus recevoir d’e-mails de { $campaign } ?
unsubscribe-question-digest = Ne plus recevoir le résumé quotidien de { $campaign } ?
unsubscribe-button = Se désinscrire
unsubscribed-title = Désinscription confirmée
unsubscribed = Vous ne recevrez plus d’e-mails de cette campagne.
unsubscribed-digest = Vous ne recevrez plus le résumé quotidien de cette campagne. Réactivez-le dans les e-mails de la campagne.
unsubscribe-invalid-title = Lien non valide
unsubscribe-invalid = Ce lien de désinscription n’est pas valide, ou sa campagne n’existe plus.

## Espace participant : connexion

portal-title = Vos récompenses
portal-sign-in-intro = Connectez-vous pour voir votre lien de parrainage, les amis que vous avez parrainés, vos récompenses et vos versements.
portal-email-label = E-mail
portal-sign-in-button = Recevoir un lien de connexion
portal-sign-in-unavailable = La connexion par e-mail n’est pas disponible ici. Demandez à { $shop } un lien vers vos récompenses.
portal-email-invalid = Saisissez l’adresse e-mail avec laquelle vous vous êtes inscrit.
portal-link-sent-title = Consultez vos e-mails
portal-link-sent = Si cette adresse appartient à un participant, un lien de connexion lui a été envoyé. Le lien fonctionne une fois, pendant 15 minutes.
portal-back = Retour
portal-back-to-sign-in = Retour à la connexion
portal-enter-title = Connexion
portal-enter-button = Voir mes récompenses
portal-link-invalid-title = Lien non valide
portal-link-invalid = Ce lien de connexion a déjà été utilisé ou a expiré : un lien fonctionne une fois, pendant 15 minutes. Demandez-en un nouveau.
portal-too-many-title = Trop de liens de connexion
portal-too-many = Trop de liens de connexion ont été demandés. Réessayez dans { $minutes ->
    [one] une minute
   *[other] { $minutes } minutes
}.
portal-form-refused-title = Formulaire refusé
portal-form-refused = Ce formulaire n’a pas été envoyé depuis cette page, ou la page est trop ancienne. Rechargez-la et réessayez.
portal-form-unreadable-title = Formulaire illisible
portal-form-unreadable = Envoyez de nouveau le formulaire.
portal-signed-out-title = Déconnecté
portal-session-ended = Votre session a expiré. Reconnectez-vous pour modifier vos coordonnées de versement.
portal-qr-signed-out = Connectez-vous pour voir votre code QR.

## L’e-mail de connexion

portal-email-subject = Votre lien de connexion pour { $campaign }
portal-email-greeting = Bonjour { $name },
portal-email-greeting-anonymous = Bonjour,
portal-email-body = Ouvrez ce lien pour voir votre lien de parrainage, vos récompenses et vos versements pour { $campaign } :
portal-email-expiry = Il fonctionne une fois, pendant 15 minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail.

## Espace participant : connecté

portal-hello = Bonjour { $name }
portal-sign-out = Se déconnecter
portal-your-link = Votre lien de parrainage
portal-copy = Copier
portal-copied = Copié
portal-share-email = E-mail
portal-qr-alt = Code QR de votre lien de parrainage
portal-referred = Vos filleuls
portal-referred-count = { $count ->
    [one] Vous avez parrainé { $count } personne.
   *[other] Vous avez parrainé { $count } personnes.
}
portal-referred-none = Personne pour l’instant. Partagez votre lien.
portal-a-friend = Un ami
portal-rewards = Vos récompenses
portal-rewards-none = Aucune pour l’instant.
portal-reward-coupon = Bon de réduction
portal-reward-cash = Argent
portal-reward-message = Récompense
portal-reward-token = Jetons
portal-reward-held = en cours de vérification
portal-reward-pending = en attente d’un code
portal-reward-issued = à vous
portal-reward-fulfilled = versée
portal-reward-voided = annulée
portal-reward-on-its-way = En route : elle est en cours de vérification ou attend un code.
portal-commission = Un client que vous avez parrainé : facture de la période du { $period }
portal-promo-codes = Vos codes promo
portal-promo-codes-none = Vous n’avez pas encore de code promo.
portal-promo-code-numbers = Utilisations : { $uses } · Achats qui vous sont crédités : { $conversions }
portal-promo-code-disabled = désactivé
portal-promo-code-ask = Demander votre propre code
portal-promo-code-hint = 3 à 32 lettres, chiffres, - ou _. Les clients qui l’utilisent vous sont crédités.
portal-promo-code-button = Obtenir ce code
portal-promo-code-saved = Le code est à vous : partagez-le.
portal-promo-code-taken = Ce code est déjà pris. Choisissez-en un autre.
portal-promo-code-invalid = Un code compte de 3 à 32 lettres, chiffres, - ou _.
portal-payouts = Solde et versements
portal-due = Votre solde :
portal-owed = Déduit de vos prochains versements (achats remboursés) : { $amount }
portal-payouts-none = Aucun versement pour l’instant.
portal-payout = Versement
portal-amount = Montant
portal-state = État
portal-date = Date
portal-payout-requested = demandé
portal-payout-paid = payé
portal-payout-failed = échoué
portal-details = Où vous payer
portal-details-saved = Enregistré.
portal-details-invalid = Saisissez l’e-mail de votre compte PayPal ou Wise, ou les coordonnées demandées par la boutique (500 caractères au plus).
portal-details-method = Méthode
portal-details-paypal = PayPal (e-mail du compte)
portal-details-wise = Wise (e-mail du compte)
portal-details-other = Autre (selon la demande de la boutique)
portal-details-value = E-mail du compte ou coordonnées
portal-save = Enregistrer

## Le widget. Les valeurs entre accolades sans dollar ({name}, {n}) sont remplies par le script.

widget-name-label = Nom
widget-name-placeholder = Votre nom
widget-email-label = E-mail
widget-preview-only = Ceci est un aperçu : l’inscription est désactivée ici.
widget-error = Une erreur s’est produite ; veuillez réessayer.
widget-offline = Impossible de joindre le serveur ; veuillez réessayer.
widget-reward-withdrawn = Cette récompense a été retirée.
widget-reward-on-its-way = Votre récompense arrive : votre code sera bientôt prêt.
widget-your-coupon = Votre code de réduction
widget-your-reward = Votre récompense
widget-a-message = Un message pour vous
widget-copy-code = Copier le code
widget-copied = Copié !
widget-your-link = Votre lien de parrainage
widget-copy = Copier
widget-press-ctrl-c = Appuyez sur Ctrl+C
widget-welcome = Bienvenue, { $name } !
widget-you-are-in = Vous êtes inscrit !
widget-share-prompt = Partagez votre lien. Les amis qui s’inscrivent grâce à lui comptent pour votre récompense.
widget-share-email = E-mail
widget-top-referrers = Meilleurs parrains
widget-off-waitlist = Vous avez quitté la liste d’attente : vous êtes inscrit !
widget-position = Vous êtes numéro { $position } dans la file
widget-every-reward-earned = toutes les récompenses gagnées
widget-tier-coupon = un bon de réduction
widget-tier-cash = { $amount } en espèces
widget-close = Fermer
widget-friends = { $count ->
    [one] { $count } ami
   *[other] { $count } amis
}
widget-friends-joined = { $count ->
    [one] { $count } ami inscrit
   *[other] { $count } amis inscrits
}
widget-more-for-next = { $count ->
    [one] encore { $count } pour votre prochaine récompense
   *[other] encore { $count } pour votre prochaine récompense
}
widget-more-for-tier = { $count ->
    [one] encore { $count } pour votre prochaine récompense (à { $target } : { $reward })
   *[other] encore { $count } pour votre prochaine récompense (à { $target } : { $reward })
}
widget-behind = { $count ->
    [one] { $count } personne derrière vous.
   *[other] { $count } personnes derrière vous.
}
widget-moves-up = { $count ->
    [one] Chaque ami qui s’inscrit vous fait avancer de { $count } place.
   *[other] Chaque ami qui s’inscrit vous fait avancer de { $count } places.
}

## Ce que propose le widget

offer-coupon = un code de réduction
offer-cash = { $amount } en espèces
offer-token = { $amount } jetons
offer-reward = une récompense
offer-every-signup = { $count ->
    [one] Recevez { $reward } pour chaque ami qui s’inscrit.
   *[other] Recevez { $reward } pour chaque groupe de { $count } amis qui s’inscrivent.
}
offer-every-visit = { $count ->
    [one] Recevez { $reward } pour chaque visite unique de votre lien.
   *[other] Recevez { $reward } pour chaque série de { $count } visites uniques de votre lien.
}
offer-every-conversion = { $count ->
    [one] Recevez { $reward } pour chaque ami qui achète.
   *[other] Recevez { $reward } pour chaque groupe de { $count } amis qui achètent.
}
offer-tiers-signup = Des récompenses à mesure que vos amis s’inscrivent : { $steps }.
offer-tiers-visit = Des récompenses à mesure que votre lien reçoit des visites uniques : { $steps }.
offer-tiers-conversion = Des récompenses à mesure que vos amis achètent : { $steps }.
offer-tier-step = { $reward } à { $count }
offer-step-separator = {", "}
offer-two-way = Les amis qui s’inscrivent grâce à votre lien reçoivent aussi une récompense.

## La page d’accueil

lander-visit = Visiter { $domain }
lander-title = Programme de parrainage
lander-social = Réseaux sociaux

## E-mails aux participants, tant que la campagne garde les textes par défaut.

email-welcome-subject = Bienvenue dans { $campaign }
email-welcome-body = Merci d’avoir rejoint { $campaign }. Partagez votre lien avec vos amis et gagnez des récompenses quand ils s’inscrivent :
email-friend-joined-subject = { $friend } s’est inscrit grâce à votre lien
email-friend-joined-body = { $friend } vient de rejoindre { $campaign } grâce à votre lien. { $count ->
    [one] Cela fait { $count } jusqu’ici.
   *[other] Cela fait { $count } jusqu’ici.
}
email-keep-sharing = Continuez à partager : { $link }
email-reward-subject = Vous avez gagné une récompense
email-reward-body = Merci de faire connaître { $campaign }. Votre récompense :
email-friend-reward-subject = Votre récompense pour avoir rejoint { $campaign }
email-friend-reward-body = Bienvenue dans { $campaign }, et merci de vous être inscrit grâce au lien d’un ami. Votre récompense :
email-share-own = Partagez votre propre lien et gagnez davantage quand vos amis s’inscrivent :
email-portal-footer = Votre lien de parrainage, vos récompenses et vos versements

# The widget's headline and button while the owner keeps ours.
widget-headline = Invitez vos amis, gagnez des récompenses
widget-button = Obtenir mon lien de parrainage
