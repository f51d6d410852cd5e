# O que os participantes leem, em português do Brasil. Os marcadores ({ $name }) não mudam.

## Páginas para um link inválido

page-not-found-title = Página não encontrada
page-not-found = Esta página não existe.
referral-link-invalid-title = Este link de indicação não é válido
referral-link-invalid = O link que você seguiu está quebrado, expirou ou a campanha terminou. Peça um novo à pessoa que o compartilhou.

## Cancelar inscrição

unsubscribe-title = Cancelar inscrição
unsubscribe-question = Deixar de receber e-mails de { $campaign }?
unsubscribe-question-digest = Deixar de receber o resumo diário de { $campaign }?
unsubscribe-button = Cancelar inscrição
unsubscribed-title = Inscrição cancelada
unsubscribed = Você não receberá mais e-mails desta campanha.
unsubscribed-digest = Você não receberá mais resumos diários desta campanha. Ative-os de novo nos e-mails da campanha.
unsubscribe-invalid-title = Link inválido
unsubscribe-invalid = Este link de cancelamento não é válido, ou a campanha não existe mais.

## Portal do participante: entrar

portal-title = Suas recompensas
portal-sign-in-intro = Entre para ver seu link de indicação, os amigos que você indicou, suas recompensas e seus pagamentos.
portal-email-label = E-mail
portal-sign-in-button = Enviar um link de acesso
portal-sign-in-unavailable = O acesso por e-mail não está disponível aqui. Peça a { $shop } um link para suas recompensas.
portal-email-invalid = Digite o e-mail com que você se cadastrou.
portal-link-sent-title = Confira seu e-mail
portal-link-sent = Se esse endereço pertence a um participante, um link de acesso está a caminho. O link funciona uma vez, por 15 minutos.
portal-back = Voltar
portal-back-to-sign-in = Voltar para o acesso
portal-enter-title = Entrar
portal-enter-button = Ver minhas recompensas
portal-link-invalid-title = Link inválido
portal-link-invalid = Este link de acesso já foi usado ou expirou: um link funciona uma vez, por 15 minutos. Peça um novo.
portal-too-many-title = Links de acesso demais
portal-too-many = Foram pedidos links de acesso demais. Tente de novo em { $minutes ->
    [one] um minuto
   *[other] { $minutes } minutos
}.
portal-form-refused-title = Formulário recusado
portal-form-refused = Este formulário não foi enviado desta página, ou a página é antiga demais. Recarregue e tente de novo.
portal-form-unreadable-title = Formulário ilegível
portal-form-unreadable = Envie o formulário de novo.
portal-signed-out-title = Sessão encerrada
portal-session-ended = Sua sessão terminou. Entre de novo para mudar onde você recebe.
portal-qr-signed-out = Entre para ver seu código QR.

## O e-mail de acesso

portal-email-subject = Seu link de acesso a { $campaign }
portal-email-greeting = Olá, { $name },
portal-email-greeting-anonymous = Olá,
portal-email-body = Abra este link para ver seu link de indicação, suas recompensas e seus pagamentos de { $campaign }:
portal-email-expiry = Ele funciona uma vez, por 15 minutos. Se você não pediu, pode ignorar este e-mail.

## Portal do participante: conectado

portal-hello = Olá, { $name }
portal-sign-out = Sair
portal-your-link = Seu link de indicação
portal-copy = Copiar
portal-copied = Copiado
portal-share-email = E-mail
portal-qr-alt = Código QR do seu link de indicação
portal-referred = Pessoas que você indicou
portal-referred-count = { $count ->
    [one] Você indicou uma pessoa.
   *[other] Você indicou { $count } pessoas.
}
portal-referred-none = Ninguém ainda. Compartilhe seu link.
portal-a-friend = Um amigo
portal-rewards = Suas recompensas
portal-rewards-none = Nenhuma ainda.
portal-reward-coupon = Cupom
portal-reward-cash = Dinheiro
portal-reward-message = Recompensa
portal-reward-token = Tokens
portal-reward-held = em análise
portal-reward-pending = aguardando um código
portal-reward-issued = sua
portal-reward-fulfilled = paga
portal-reward-voided = cancelada
portal-reward-on-its-way = A caminho: está em análise ou aguarda um código.
portal-commission = Um cliente que você indicou: fatura do período a partir de { $period }
portal-promo-codes = Seus códigos promocionais
portal-promo-codes-none = Você ainda não tem código promocional.
portal-promo-code-numbers = Usos: { $uses } · Compras creditadas a você: { $conversions }
portal-promo-code-disabled = desativado
portal-promo-code-ask = Peça um código só seu
portal-promo-code-hint = De 3 a 32 letras, números, - ou _. Clientes que o usarem são creditados a você.
portal-promo-code-button = Quero este código
portal-promo-code-saved = O código é seu: compartilhe.
portal-promo-code-taken = Este código já está em uso. Escolha outro.
portal-promo-code-invalid = Um código tem de 3 a 32 letras, números, - ou _.
portal-payouts = Saldo e pagamentos
portal-due = Seu saldo:
portal-owed = Descontado dos seus próximos pagamentos (compras reembolsadas): { $amount }
portal-payouts-none = Nenhum pagamento ainda.
portal-payout = Pagamento
portal-amount = Valor
portal-state = Situação
portal-date = Data
portal-payout-requested = solicitado
portal-payout-paid = pago
portal-payout-failed = falhou
portal-details = Onde pagar você
portal-details-saved = Salvo.
portal-details-invalid = Digite o e-mail da sua conta PayPal ou Wise, ou os dados que a loja pediu (no máximo 500 caracteres).
portal-details-method = Método
portal-details-paypal = PayPal (e-mail da conta)
portal-details-wise = Wise (e-mail da conta)
portal-details-other = Outro (como a loja pediu)
portal-details-value = E-mail da conta ou dados
portal-save = Salvar

## O widget. Valores entre chaves sem cifrão ({name}, {n}) são preenchidos pelo script.

widget-name-label = Nome
widget-name-placeholder = Seu nome
widget-email-label = E-mail
widget-preview-only = Esta é uma prévia: o cadastro está desativado aqui.
widget-error = Algo deu errado; tente de novo.
widget-offline = Não foi possível falar com o servidor; tente de novo.
widget-reward-withdrawn = Esta recompensa foi retirada.
widget-reward-on-its-way = Sua recompensa está a caminho: seu código ficará pronto em breve.
widget-your-coupon = Seu código de cupom
widget-your-reward = Sua recompensa
widget-a-message = Uma mensagem para você
widget-copy-code = Copiar código
widget-copied = Copiado!
widget-your-link = Seu link de indicação
widget-copy = Copiar
widget-press-ctrl-c = Pressione Ctrl+C
widget-welcome = Boas-vindas, { $name }!
widget-you-are-in = Você está dentro!
widget-share-prompt = Compartilhe seu link. Amigos que entrarem por ele contam para sua recompensa.
widget-share-email = E-mail
widget-top-referrers = Quem mais indicou
widget-off-waitlist = Você saiu da lista de espera: você está dentro!
widget-position = Você é o número { $position } da fila
widget-every-reward-earned = todas as recompensas conquistadas
widget-tier-coupon = um cupom
widget-tier-cash = { $amount } em dinheiro
widget-close = Fechar
widget-friends = { $count ->
    [one] { $count } amigo
   *[other] { $count } amigos
}
widget-friends-joined = { $count ->
    [one] { $count } amigo entrou
   *[other] { $count } amigos entraram
}
widget-more-for-next = { $count ->
    [one] mais { $count } para sua próxima recompensa
   *[other] mais { $count } para sua próxima recompensa
}
widget-more-for-tier = { $count ->
    [one] mais { $count } para sua próxima recompensa (com { $target }: { $reward })
   *[other] mais { $count } para sua próxima recompensa (com { $target }: { $reward })
}
widget-behind = { $count ->
    [one] { $count } pessoa atrás de você.
   *[other] { $count } pessoas atrás de você.
}
widget-moves-up = { $count ->
    [one] Cada amigo que entra faz você subir { $count } posição.
   *[other] Cada amigo que entra faz você subir { $count } posições.
}

## O que o widget oferece

offer-coupon = um código de cupom
offer-cash = { $amount } em dinheiro
offer-token = { $amount } tokens
offer-reward = uma recompensa
offer-every-signup = { $count ->
    [one] Ganhe { $reward } para cada amigo que entrar.
   *[other] Ganhe { $reward } a cada { $count } amigos que entrarem.
}
offer-every-visit = { $count ->
    [one] Ganhe { $reward } para cada visita única ao seu link.
   *[other] Ganhe { $reward } a cada { $count } visitas únicas ao seu link.
}
offer-every-conversion = { $count ->
    [one] Ganhe { $reward } para cada amigo que comprar.
   *[other] Ganhe { $reward } a cada { $count } amigos que comprarem.
}
offer-tiers-signup = Recompensas conforme seus amigos entram: { $steps }.
offer-tiers-visit = Recompensas conforme seu link recebe visitas únicas: { $steps }.
offer-tiers-conversion = Recompensas conforme seus amigos compram: { $steps }.
offer-tier-step = { $reward } com { $count }
offer-step-separator = {", "}
offer-two-way = Amigos que entrarem pelo seu link também ganham uma recompensa.

## A página de destino

lander-visit = Visitar { $domain }
lander-title = Programa de indicação
lander-social = Redes sociais

## E-mails aos participantes, enquanto a campanha mantiver os textos padrão.

email-welcome-subject = Boas-vindas a { $campaign }
email-welcome-body = Obrigado por participar de { $campaign }. Compartilhe seu link com amigos e ganhe recompensas quando eles entrarem:
email-friend-joined-subject = { $friend } entrou pelo seu link
email-friend-joined-body = { $friend } acabou de entrar em { $campaign } pelo seu link. { $count ->
    [one] Já são { $count } até agora.
   *[other] Já são { $count } até agora.
}
email-keep-sharing = Continue compartilhando: { $link }
email-reward-subject = Você ganhou uma recompensa
email-reward-body = Obrigado por divulgar { $campaign }. Sua recompensa:
email-friend-reward-subject = Sua recompensa por entrar em { $campaign }
email-friend-reward-body = Boas-vindas a { $campaign }, e obrigado por entrar pelo link de um amigo. Sua recompensa:
email-share-own = Compartilhe seu próprio link e ganhe mais quando seus amigos entrarem:
email-portal-footer = Seu link de indicação, suas recompensas e seus pagamentos

# The widget's headline and button while the owner keeps ours.
widget-headline = Convide amigos e ganhe recompensas
widget-button = Quero meu link de indicação
