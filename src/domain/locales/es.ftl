# Lo que leen los participantes, en español. Los marcadores ({ $name }) no se cambian.

## Páginas para un enlace no válido

page-not-found-title = Página no encontrada
page-not-found = Esta página no existe.
referral-link-invalid-title = Este enlace de referido no es válido
referral-link-invalid = El enlace que seguiste está roto, ha caducado o su campaña ha terminado. Pide uno nuevo a la persona que lo compartió.

## Darse de baja

unsubscribe-title = Darse de baja
unsubscribe-question = ¿Dejar de recibir correos de { $campaign }?
unsubscribe-question-digest = ¿Dejar de recibir el resumen diario de { $campaign }?
unsubscribe-button = Darse de baja
unsubscribed-title = Baja confirmada
unsubscribed = No recibirás más correos de esta campaña.
unsubscribed-digest = No recibirás más resúmenes diarios de esta campaña. Vuelve a activarlos en los correos de la campaña.
unsubscribe-invalid-title = Enlace no válido
unsubscribe-invalid = Este enlace de baja no es válido, o su campaña ya no existe.

## Portal del participante: acceso

portal-title = Tus recompensas
portal-sign-in-intro = Inicia sesión para ver tu enlace de referido, los amigos que has referido, tus recompensas y tus pagos.
portal-email-label = Correo electrónico
portal-sign-in-button = Enviarme un enlace de acceso
portal-sign-in-unavailable = El acceso por correo no está disponible aquí. Pide a { $shop } un enlace a tus recompensas.
portal-email-invalid = Escribe la dirección de correo con la que te uniste.
portal-link-sent-title = Revisa tu correo
portal-link-sent = Si esa dirección pertenece a un participante, le hemos enviado un enlace de acceso. El enlace funciona una vez, durante 15 minutos.
portal-back = Volver
portal-back-to-sign-in = Volver al acceso
portal-enter-title = Iniciar sesión
portal-enter-button = Ir a mis recompensas
portal-link-invalid-title = Enlace no válido
portal-link-invalid = Este enlace de acceso ya se usó o ha caducado: un enlace funciona una vez, durante 15 minutos. Pide uno nuevo.
portal-too-many-title = Demasiados enlaces de acceso
portal-too-many = Se han pedido demasiados enlaces de acceso. Inténtalo de nuevo en { $minutes ->
    [one] un minuto
   *[other] { $minutes } minutos
}.
portal-form-refused-title = Formulario rechazado
portal-form-refused = Este formulario no se envió desde esta página, o la página es demasiado antigua. Recárgala e inténtalo de nuevo.
portal-form-unreadable-title = Formulario ilegible
portal-form-unreadable = Envía el formulario de nuevo.
portal-signed-out-title = Sesión cerrada
portal-session-ended = Tu sesión ha terminado. Vuelve a iniciar sesión para cambiar dónde te pagamos.
portal-qr-signed-out = Inicia sesión para ver tu código QR.

## El correo de acceso

portal-email-subject = Tu enlace de acceso a { $campaign }
portal-email-greeting = Hola, { $name }:
portal-email-greeting-anonymous = Hola:
portal-email-body = Abre este enlace para ver tu enlace de referido, tus recompensas y tus pagos de { $campaign }:
portal-email-expiry = Funciona una vez, durante 15 minutos. Si no lo pediste, puedes ignorar este correo.

## Portal del participante: con sesión iniciada

portal-hello = Hola, { $name }
portal-sign-out = Cerrar sesión
portal-your-link = Tu enlace de referido
portal-copy = Copiar
portal-copied = Copiado
portal-share-email = Correo
portal-qr-alt = Código QR de tu enlace de referido
portal-referred = Personas que has referido
portal-referred-count = { $count ->
    [one] Has referido a una persona.
   *[other] Has referido a { $count } personas.
}
portal-referred-none = Nadie todavía. Comparte tu enlace.
portal-a-friend = Un amigo
portal-rewards = Tus recompensas
portal-rewards-none = Ninguna todavía.
portal-reward-coupon = Cupón
portal-reward-cash = Dinero
portal-reward-message = Recompensa
portal-reward-token = Tokens
portal-reward-held = en revisión
portal-reward-pending = esperando un código
portal-reward-issued = tuya
portal-reward-fulfilled = pagada
portal-reward-voided = anulada
portal-reward-on-its-way = En camino: se está revisando o espera un código.
portal-commission = Un cliente que recomendaste: factura del periodo desde el { $period }
portal-promo-codes = Tus códigos promocionales
portal-promo-codes-none = Aún no tienes ningún código promocional.
portal-promo-code-numbers = Usos: { $uses } · Compras acreditadas a ti: { $conversions }
portal-promo-code-disabled = desactivado
portal-promo-code-ask = Pide tu propio código
portal-promo-code-hint = De 3 a 32 letras, cifras, - o _. Los clientes que lo usen se te acreditan.
portal-promo-code-button = Obtener este código
portal-promo-code-saved = El código es tuyo: compártelo.
portal-promo-code-taken = Este código ya está en uso. Elige otro.
portal-promo-code-invalid = Un código tiene de 3 a 32 letras, cifras, - o _.
portal-payouts = Saldo y pagos
portal-due = Te debemos:
portal-owed = Se descontará de tus próximos pagos (compras reembolsadas): { $amount }
portal-payouts-none = Todavía no hay pagos.
portal-payout = Pago
portal-amount = Importe
portal-state = Estado
portal-date = Fecha
portal-payout-requested = solicitado
portal-payout-paid = pagado
portal-payout-failed = fallido
portal-details = Dónde pagarte
portal-details-saved = Guardado.
portal-details-invalid = Escribe el correo de tu cuenta de PayPal o Wise, o los datos que pidió la tienda (500 caracteres como máximo).
portal-details-method = Método
portal-details-paypal = PayPal (correo de la cuenta)
portal-details-wise = Wise (correo de la cuenta)
portal-details-other = Otro (según pidió la tienda)
portal-details-value = Correo de la cuenta o datos
portal-save = Guardar

## El widget. Los valores entre llaves sin dólar ({name}, {n}) los rellena el script.

widget-name-label = Nombre
widget-name-placeholder = Tu nombre
widget-email-label = Correo electrónico
widget-preview-only = Esto es una vista previa: aquí no se puede unirse.
widget-error = Algo salió mal; inténtalo de nuevo.
widget-offline = No se pudo contactar con el servidor; inténtalo de nuevo.
widget-reward-withdrawn = Esta recompensa se retiró.
widget-reward-on-its-way = Tu recompensa está en camino: tu código estará listo pronto.
widget-your-coupon = Tu código de cupón
widget-your-reward = Tu recompensa
widget-a-message = Un mensaje para ti
widget-copy-code = Copiar código
widget-copied = ¡Copiado!
widget-your-link = Tu enlace de referido
widget-copy = Copiar
widget-press-ctrl-c = Pulsa Ctrl+C
widget-welcome = ¡Bienvenido, { $name }!
widget-you-are-in = ¡Ya estás dentro!
widget-share-prompt = Comparte tu enlace. Los amigos que se unan con él cuentan para tu recompensa.
widget-share-email = Correo
widget-top-referrers = Mejores referidores
widget-off-waitlist = Saliste de la lista de espera: ¡ya estás dentro!
widget-position = Eres el número { $position } de la fila
widget-every-reward-earned = todas las recompensas conseguidas
widget-tier-coupon = un cupón
widget-tier-cash = { $amount } en efectivo
widget-close = Cerrar
widget-friends = { $count ->
    [one] { $count } amigo
   *[other] { $count } amigos
}
widget-friends-joined = { $count ->
    [one] { $count } amigo se unió
   *[other] { $count } amigos se unieron
}
widget-more-for-next = { $count ->
    [one] { $count } más para tu próxima recompensa
   *[other] { $count } más para tu próxima recompensa
}
widget-more-for-tier = { $count ->
    [one] { $count } más para tu próxima recompensa (con { $target }: { $reward })
   *[other] { $count } más para tu próxima recompensa (con { $target }: { $reward })
}
widget-behind = { $count ->
    [one] { $count } persona detrás de ti.
   *[other] { $count } personas detrás de ti.
}
widget-moves-up = { $count ->
    [one] Cada amigo que se une te adelanta { $count } puesto.
   *[other] Cada amigo que se une te adelanta { $count } puestos.
}

## Lo que ofrece el widget

offer-coupon = un código de cupón
offer-cash = { $amount } en efectivo
offer-token = { $amount } tokens
offer-reward = una recompensa
offer-every-signup = { $count ->
    [one] Consigue { $reward } por cada amigo que se una.
   *[other] Consigue { $reward } por cada { $count } amigos que se unan.
}
offer-every-visit = { $count ->
    [one] Consigue { $reward } por cada visita única a tu enlace.
   *[other] Consigue { $reward } por cada { $count } visitas únicas a tu enlace.
}
offer-every-conversion = { $count ->
    [one] Consigue { $reward } por cada amigo que compre.
   *[other] Consigue { $reward } por cada { $count } amigos que compren.
}
offer-tiers-signup = Recompensas a medida que se unen tus amigos: { $steps }.
offer-tiers-visit = Recompensas a medida que tu enlace recibe visitas únicas: { $steps }.
offer-tiers-conversion = Recompensas a medida que tus amigos compran: { $steps }.
offer-tier-step = { $reward } con { $count }
offer-step-separator = {", "}
offer-two-way = Los amigos que se unan con tu enlace también reciben una recompensa.

## La página de destino

lander-visit = Visitar { $domain }
lander-title = Programa de referidos
lander-social = Redes sociales

## Correos a los participantes, mientras la campaña conserve los textos predeterminados.

email-welcome-subject = Te damos la bienvenida a { $campaign }
email-welcome-body = Gracias por unirte a { $campaign }. Comparte tu enlace con tus amigos y gana recompensas cuando se unan:
email-friend-joined-subject = { $friend } se unió con tu enlace
email-friend-joined-body = { $friend } acaba de unirse a { $campaign } con tu enlace. { $count ->
    [one] Ya llevas { $count }.
   *[other] Ya llevas { $count }.
}
email-keep-sharing = Sigue compartiendo: { $link }
email-reward-subject = Has ganado una recompensa
email-reward-body = Gracias por dar a conocer { $campaign }. Tu recompensa:
email-friend-reward-subject = Tu recompensa por unirte a { $campaign }
email-friend-reward-body = Te damos la bienvenida a { $campaign }, y gracias por unirte con el enlace de un amigo. Tu recompensa:
email-share-own = Comparte tu propio enlace y gana más cuando tus amigos se unan:
email-portal-footer = Tu enlace de referido, tus recompensas y tus pagos

# The widget's headline and button while the owner keeps ours.
widget-headline = Invita a tus amigos y gana recompensas
widget-button = Obtener mi enlace de referido
