# Katılımcıların okuduğu metinler, Türkçe. Yer tutucular ({ $name }) değiştirilmez.

## Geçersiz bağlantı sayfaları

page-not-found-title = Sayfa bulunamadı
page-not-found = Bu sayfa yok.
referral-link-invalid-title = Bu davet bağlantısı geçerli değil
referral-link-invalid = Tıkladığınız bağlantı bozuk, süresi dolmuş ya da kampanyası sona ermiş. Paylaşan kişiden yeni bir bağlantı isteyin.

## Abonelikten çıkma

unsubscribe-title = Abonelikten çık
unsubscribe-question = { $campaign } e-postaları artık gelmesin mi?
unsubscribe-question-digest = { $campaign } günlük özeti artık gelmesin mi?
unsubscribe-button = Abonelikten çık
unsubscribed-title = Abonelikten çıkıldı
unsubscribed = Bu kampanyadan artık e-posta almayacaksınız.
unsubscribed-digest = Bu kampanyanın günlük özetlerini artık almayacaksınız. Kampanyanın e-posta ayarlarından yeniden açabilirsiniz.
unsubscribe-invalid-title = Bağlantı geçersiz
unsubscribe-invalid = Bu abonelikten çıkma bağlantısı geçerli değil ya da kampanyası artık yok.

## Katılımcı portalı: giriş

portal-title = Ödülleriniz
portal-sign-in-intro = Davet bağlantınızı, davet ettiğiniz arkadaşlarınızı, ödüllerinizi ve ödemelerinizi görmek için giriş yapın.
portal-email-label = E-posta
portal-sign-in-button = Bana giriş bağlantısı gönder
portal-sign-in-unavailable = Burada e-postayla giriş yapılamıyor. Ödüllerinizin bağlantısını { $shop } adresinden isteyin.
portal-email-invalid = Katıldığınız e-posta adresini girin.
portal-link-sent-title = E-postanızı kontrol edin
portal-link-sent = Bu adres bir katılımcıya aitse giriş bağlantısı yolda. Bağlantı 15 dakika boyunca bir kez çalışır.
portal-back = Geri
portal-back-to-sign-in = Girişe dön
portal-enter-title = Giriş yap
portal-enter-button = Ödüllerime git
portal-link-invalid-title = Bağlantı geçersiz
portal-link-invalid = Bu giriş bağlantısı zaten kullanılmış ya da süresi dolmuş: bir bağlantı 15 dakika boyunca bir kez çalışır. Yenisini isteyin.
portal-too-many-title = Çok fazla giriş bağlantısı
portal-too-many = Çok fazla giriş bağlantısı istendi. { $minutes ->
    [one] Bir dakika
   *[other] { $minutes } dakika
} sonra yeniden deneyin.
portal-form-refused-title = Form reddedildi
portal-form-refused = Bu form bu sayfadan gönderilmedi ya da sayfa çok eski. Sayfayı yenileyip yeniden deneyin.
portal-form-unreadable-title = Form okunamadı
portal-form-unreadable = Formu yeniden gönderin.
portal-signed-out-title = Çıkış yapıldı
portal-session-ended = Oturumunuz sona erdi. Ödeme bilgilerinizi değiştirmek için yeniden giriş yapın.
portal-qr-signed-out = QR kodunuzu görmek için giriş yapın.

## Giriş e-postası

portal-email-subject = { $campaign } için giriş bağlantınız
portal-email-greeting = Merhaba { $name },
portal-email-greeting-anonymous = Merhaba,
portal-email-body = { $campaign } davet bağlantınızı, ödüllerinizi ve ödemelerinizi görmek için bu bağlantıyı açın:
portal-email-expiry = 15 dakika boyunca bir kez çalışır. Siz istemediyseniz bu e-postayı yok sayabilirsiniz.

## Katılımcı portalı: giriş yapılmış

portal-hello = Merhaba { $name }
portal-sign-out = Çıkış yap
portal-your-link = Davet bağlantınız
portal-copy = Kopyala
portal-copied = Kopyalandı
portal-share-email = E-posta
portal-qr-alt = Davet bağlantınızın QR kodu
portal-referred = Davet ettikleriniz
portal-referred-count = { $count ->
    [one] Bir kişiyi davet ettiniz.
   *[other] { $count } kişiyi davet ettiniz.
}
portal-referred-none = Henüz kimse yok. Bağlantınızı paylaşın.
portal-a-friend = Bir arkadaş
portal-rewards = Ödülleriniz
portal-rewards-none = Henüz yok.
portal-reward-coupon = Kupon
portal-reward-cash = Nakit
portal-reward-message = Ödül
portal-reward-token = Token
portal-reward-held = inceleniyor
portal-reward-pending = kod bekliyor
portal-reward-issued = sizin
portal-reward-fulfilled = ödendi
portal-reward-voided = iptal edildi
portal-reward-on-its-way = Yolda: inceleniyor ya da bir kod bekliyor.
portal-commission = Yönlendirdiğiniz bir müşteri: { $period } tarihinden başlayan dönemin faturası
portal-promo-codes = Promosyon kodlarınız
portal-promo-codes-none = Henüz bir promosyon kodunuz yok.
portal-promo-code-numbers = Kullanım: { $uses } · Size yazılan satışlar: { $conversions }
portal-promo-code-disabled = devre dışı
portal-promo-code-ask = Kendi kodunuzu isteyin
portal-promo-code-hint = 3 ile 32 arası harf, rakam, - veya _. Kodu kullanan müşteriler size yazılır.
portal-promo-code-button = Bu kodu al
portal-promo-code-saved = Kod sizin: paylaşın.
portal-promo-code-taken = Bu kod alınmış. Başka bir kod seçin.
portal-promo-code-invalid = Bir kod 3 ile 32 arası harf, rakam, - veya _ içerir.
portal-payouts = Bakiye ve ödemeler
portal-due = Size borcumuz:
portal-owed = Sonraki ödemelerinizden düşülecek (iade edilen alışverişler): { $amount }
portal-payouts-none = Henüz ödeme yok.
portal-payout = Ödeme
portal-amount = Tutar
portal-state = Durum
portal-date = Tarih
portal-payout-requested = istendi
portal-payout-paid = ödendi
portal-payout-failed = başarısız
portal-details = Size nereye ödeyelim
portal-details-saved = Kaydedildi.
portal-details-invalid = PayPal veya Wise hesabınızın e-postasını ya da mağazanın istediği bilgileri girin (en fazla 500 karakter).
portal-details-method = Yöntem
portal-details-paypal = PayPal (hesap e-postası)
portal-details-wise = Wise (hesap e-postası)
portal-details-other = Diğer (mağazanın istediği gibi)
portal-details-value = Hesap e-postası veya bilgiler
portal-save = Kaydet

## Widget. Dolar işareti olmayan süslü parantezli değerleri ({name}, {n}) betik doldurur.

widget-name-label = Ad
widget-name-placeholder = Adınız
widget-email-label = E-posta
widget-preview-only = Bu bir önizleme: burada kayıt kapalı.
widget-error = Bir sorun oluştu; lütfen yeniden deneyin.
widget-offline = Sunucuya ulaşılamadı; lütfen yeniden deneyin.
widget-reward-withdrawn = Bu ödül geri alındı.
widget-reward-on-its-way = Ödülünüz yolda: kodunuz yakında hazır olacak.
widget-your-coupon = Kupon kodunuz
widget-your-reward = Ödülünüz
widget-a-message = Size bir mesaj
widget-copy-code = Kodu kopyala
widget-copied = Kopyalandı!
widget-your-link = Davet bağlantınız
widget-copy = Kopyala
widget-press-ctrl-c = Ctrl+C'ye basın
widget-welcome = Hoş geldiniz, { $name }!
widget-you-are-in = Artık katıldınız!
widget-share-prompt = Bağlantınızı paylaşın. Onunla katılan arkadaşlarınız ödülünüze sayılır.
widget-share-email = E-posta
widget-top-referrers = En çok davet edenler
widget-off-waitlist = Bekleme listesinden çıktınız: artık katıldınız!
widget-position = Sırada { $position }. sıradasınız
widget-every-reward-earned = tüm ödüller kazanıldı
widget-tier-coupon = bir kupon
widget-tier-cash = { $amount } nakit
widget-close = Kapat
widget-friends = { $count ->
    [one] { $count } arkadaş
   *[other] { $count } arkadaş
}
widget-friends-joined = { $count ->
    [one] { $count } arkadaş katıldı
   *[other] { $count } arkadaş katıldı
}
widget-more-for-next = { $count ->
    [one] sonraki ödülünüze { $count } kaldı
   *[other] sonraki ödülünüze { $count } kaldı
}
widget-more-for-tier = { $count ->
    [one] sonraki ödülünüze { $count } kaldı ({ $target } ile: { $reward })
   *[other] sonraki ödülünüze { $count } kaldı ({ $target } ile: { $reward })
}
widget-behind = { $count ->
    [one] Arkanızda { $count } kişi var.
   *[other] Arkanızda { $count } kişi var.
}
widget-moves-up = { $count ->
    [one] Katılan her arkadaş sizi { $count } sıra öne taşır.
   *[other] Katılan her arkadaş sizi { $count } sıra öne taşır.
}

## Widget'ın sunduğu

offer-coupon = bir kupon kodu
offer-cash = { $amount } nakit
offer-token = { $amount } token
offer-reward = bir ödül
offer-every-signup = { $count ->
    [one] Katılan her arkadaşınız için { $reward } kazanın.
   *[other] Katılan her { $count } arkadaşınız için { $reward } kazanın.
}
offer-every-visit = { $count ->
    [one] Bağlantınızın her tekil ziyareti için { $reward } kazanın.
   *[other] Bağlantınızın her { $count } tekil ziyareti için { $reward } kazanın.
}
offer-every-conversion = { $count ->
    [one] Satın alan her arkadaşınız için { $reward } kazanın.
   *[other] Satın alan her { $count } arkadaşınız için { $reward } kazanın.
}
offer-tiers-signup = Arkadaşlarınız katıldıkça ödüller artar: { $steps }.
offer-tiers-visit = Bağlantınız tekil ziyaret aldıkça ödüller artar: { $steps }.
offer-tiers-conversion = Arkadaşlarınız satın aldıkça ödüller artar: { $steps }.
offer-tier-step = { $count } ile { $reward }
offer-step-separator = {", "}
offer-two-way = Bağlantınızla katılan arkadaşlarınız da bir ödül alır.

## Açılış sayfası

lander-visit = { $domain } adresini ziyaret edin
lander-title = Tavsiye programı
lander-social = Sosyal medya

## Kampanya varsayılan metinleri kullandıkça katılımcılara giden e-postalar.

email-welcome-subject = { $campaign } kampanyasına hoş geldiniz
email-welcome-body = { $campaign } kampanyasına katıldığınız için teşekkürler. Bağlantınızı arkadaşlarınızla paylaşın, katıldıklarında ödül kazanın:
email-friend-joined-subject = { $friend } bağlantınızla katıldı
email-friend-joined-body = { $friend } bağlantınızla { $campaign } kampanyasına katıldı. { $count ->
    [one] Şimdiye kadar { $count } kişi oldu.
   *[other] Şimdiye kadar { $count } kişi oldu.
}
email-keep-sharing = Paylaşmaya devam edin: { $link }
email-reward-subject = Bir ödül kazandınız
email-reward-body = { $campaign } kampanyasını duyurduğunuz için teşekkürler. Ödülünüz:
email-friend-reward-subject = { $campaign } kampanyasına katıldığınız için ödülünüz
email-friend-reward-body = { $campaign } kampanyasına hoş geldiniz; bir arkadaşınızın bağlantısıyla katıldığınız için teşekkürler. Ödülünüz:
email-share-own = Kendi bağlantınızı paylaşın, arkadaşlarınız katıldıkça daha fazla kazanın:
email-portal-footer = Davet bağlantınız, ödülleriniz ve ödemeleriniz

# The widget's headline and button while the owner keeps ours.
widget-headline = Arkadaşlarınızı davet edin, ödül kazanın
widget-button = Davet bağlantımı al
