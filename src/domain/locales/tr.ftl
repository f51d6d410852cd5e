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
