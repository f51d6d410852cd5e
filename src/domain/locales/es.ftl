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
