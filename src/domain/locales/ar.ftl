# ما يقرؤه المشاركون، بالعربية. تبقى العناصر النائبة ({ $name }) كما هي.

## صفحات الرابط غير الصالح

page-not-found-title = الصفحة غير موجودة
page-not-found = هذه الصفحة غير موجودة.
referral-link-invalid-title = رابط الإحالة هذا غير صالح
referral-link-invalid = الرابط الذي اتبعته معطّل أو منتهي الصلاحية أو انتهت حملته. اطلب رابطًا جديدًا من الشخص الذي شاركه.

## إلغاء الاشتراك

unsubscribe-title = إلغاء الاشتراك
unsubscribe-question = هل تريد التوقف عن تلقي رسائل { $campaign }؟
unsubscribe-question-digest = هل تريد التوقف عن تلقي الملخص اليومي لـ { $campaign }؟
unsubscribe-button = إلغاء الاشتراك
unsubscribed-title = تم إلغاء الاشتراك
unsubscribed = لن تصلك رسائل أخرى من هذه الحملة.
unsubscribed-digest = لن تصلك ملخصات يومية أخرى لهذه الحملة. يمكنك تفعيلها من جديد في رسائل الحملة.
unsubscribe-invalid-title = رابط غير صالح
unsubscribe-invalid = رابط إلغاء الاشتراك هذا غير صالح، أو أن حملته لم تعد موجودة.

## بوابة المشارك: تسجيل الدخول

portal-title = مكافآتك
portal-sign-in-intro = سجّل الدخول لترى رابط الإحالة الخاص بك، والأصدقاء الذين أحلتهم، ومكافآتك، ومدفوعاتك.
portal-email-label = البريد الإلكتروني
portal-sign-in-button = أرسل لي رابط الدخول
portal-sign-in-unavailable = تسجيل الدخول بالبريد الإلكتروني غير متاح هنا. اطلب من { $shop } رابطًا إلى مكافآتك.
portal-email-invalid = أدخل البريد الإلكتروني الذي انضممت به.
portal-link-sent-title = تحقّق من بريدك
portal-link-sent = إذا كان هذا العنوان لمشارك، فإن رابط الدخول في طريقه إليه. يعمل الرابط مرة واحدة لمدة 15 دقيقة.
portal-back = رجوع
portal-back-to-sign-in = العودة إلى تسجيل الدخول
portal-enter-title = تسجيل الدخول
portal-enter-button = متابعة إلى مكافآتك
portal-link-invalid-title = رابط غير صالح
portal-link-invalid = استُخدم رابط الدخول هذا من قبل أو انتهت صلاحيته: يعمل الرابط مرة واحدة لمدة 15 دقيقة. اطلب رابطًا جديدًا.
portal-too-many-title = طلبات كثيرة لروابط الدخول
portal-too-many = طُلبت روابط دخول كثيرة جدًا. حاول مرة أخرى بعد { $minutes ->
    [zero] أقل من دقيقة
    [one] دقيقة واحدة
    [two] دقيقتين
    [few] { $minutes } دقائق
    [many] { $minutes } دقيقة
   *[other] { $minutes } دقيقة
}.
portal-form-refused-title = رُفض النموذج
portal-form-refused = لم يُرسل هذا النموذج من هذه الصفحة، أو أن الصفحة قديمة جدًا. أعد تحميلها وحاول مرة أخرى.
portal-form-unreadable-title = تعذّرت قراءة النموذج
portal-form-unreadable = أرسل النموذج مرة أخرى.
portal-signed-out-title = تم تسجيل الخروج
portal-session-ended = انتهت جلستك. سجّل الدخول من جديد لتغيير مكان الدفع لك.
portal-qr-signed-out = سجّل الدخول لترى رمز QR الخاص بك.

## رسالة تسجيل الدخول

portal-email-subject = رابط الدخول إلى { $campaign }
portal-email-greeting = مرحبًا { $name }،
portal-email-greeting-anonymous = مرحبًا،
portal-email-body = افتح هذا الرابط لترى رابط الإحالة ومكافآتك ومدفوعاتك في { $campaign }:
portal-email-expiry = يعمل مرة واحدة لمدة 15 دقيقة. إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.

## بوابة المشارك: بعد الدخول

portal-hello = مرحبًا { $name }
portal-sign-out = تسجيل الخروج
portal-your-link = رابط الإحالة الخاص بك
portal-copy = نسخ
portal-copied = تم النسخ
portal-share-email = البريد الإلكتروني
portal-qr-alt = رمز QR لرابط الإحالة الخاص بك
portal-referred = الأشخاص الذين أحلتهم
portal-referred-count = { $count ->
    [zero] لم تُحِل أحدًا بعد.
    [one] أحلت شخصًا واحدًا.
    [two] أحلت شخصين.
    [few] أحلت { $count } أشخاص.
    [many] أحلت { $count } شخصًا.
   *[other] أحلت { $count } شخص.
}
portal-referred-none = لا أحد بعد. شارك رابطك.
portal-a-friend = صديق
portal-rewards = مكافآتك
portal-rewards-none = لا شيء بعد.
portal-reward-coupon = قسيمة
portal-reward-cash = نقد
portal-reward-message = مكافأة
portal-reward-token = رموز
portal-reward-held = قيد المراجعة
portal-reward-pending = بانتظار رمز
portal-reward-issued = لك
portal-reward-fulfilled = مدفوعة
portal-reward-voided = ملغاة
portal-reward-on-its-way = في الطريق: قيد المراجعة أو بانتظار رمز.
portal-commission = عميل أحلته: فاتورة الفترة التي تبدأ في { $period }
portal-promo-codes = رموز الخصم الخاصة بك
portal-promo-codes-none = ليس لديك رمز خصم بعد.
portal-promo-code-numbers = الاستخدامات: { $uses } · المشتريات المحتسبة لك: { $conversions }
portal-promo-code-disabled = معطّل
portal-promo-code-ask = اطلب رمزًا خاصًا بك
portal-promo-code-hint = من 3 إلى 32 حرفًا لاتينيًا أو رقمًا أو - أو _. العملاء الذين يستخدمونه يُحتسبون لك.
portal-promo-code-button = احصل على هذا الرمز
portal-promo-code-saved = الرمز لك: شاركه.
portal-promo-code-taken = هذا الرمز مستخدم. اختر رمزًا آخر.
portal-promo-code-invalid = يتكوّن الرمز من 3 إلى 32 حرفًا لاتينيًا أو رقمًا أو - أو _.
portal-payouts = الرصيد والمدفوعات
portal-due = المستحق لك:
portal-owed = يُخصم من دفعاتك القادمة (مشتريات مستردة): { $amount }
portal-payouts-none = لا توجد مدفوعات بعد.
portal-payout = الدفعة
portal-amount = المبلغ
portal-state = الحالة
portal-date = التاريخ
portal-payout-requested = مطلوبة
portal-payout-paid = مدفوعة
portal-payout-failed = فشلت
portal-details = أين ندفع لك
portal-details-saved = تم الحفظ.
portal-details-invalid = أدخل البريد الإلكتروني لحسابك في PayPal أو Wise، أو البيانات التي طلبها المتجر (500 حرف على الأكثر).
portal-details-method = الطريقة
portal-details-paypal = PayPal (بريد الحساب)
portal-details-wise = Wise (بريد الحساب)
portal-details-other = أخرى (كما طلب المتجر)
portal-details-value = بريد الحساب أو البيانات
portal-save = حفظ

## الأداة. القيم بين الأقواس من دون علامة الدولار ({name} و{n}) يملؤها البرنامج.

widget-name-label = الاسم
widget-name-placeholder = اسمك
widget-email-label = البريد الإلكتروني
widget-preview-only = هذه معاينة: التسجيل متوقف هنا.
widget-error = حدث خطأ ما؛ حاول مرة أخرى.
widget-offline = تعذّر الوصول إلى الخادم؛ حاول مرة أخرى.
widget-reward-withdrawn = سُحبت هذه المكافأة.
widget-reward-on-its-way = مكافأتك في الطريق: سيكون رمزك جاهزًا قريبًا.
widget-your-coupon = رمز القسيمة الخاص بك
widget-your-reward = مكافأتك
widget-a-message = رسالة لك
widget-copy-code = نسخ الرمز
widget-copied = تم النسخ!
widget-your-link = رابط الإحالة الخاص بك
widget-copy = نسخ
widget-press-ctrl-c = اضغط Ctrl+C
widget-welcome = أهلًا بك يا { $name }!
widget-you-are-in = لقد انضممت!
widget-share-prompt = شارك رابطك. الأصدقاء الذين ينضمون عبره يُحتسبون لمكافأتك.
widget-share-email = البريد الإلكتروني
widget-top-referrers = أكثر المُحيلين
widget-off-waitlist = خرجت من قائمة الانتظار: لقد انضممت!
widget-position = ترتيبك { $position } في الطابور
widget-every-reward-earned = حصلت على كل المكافآت
widget-tier-coupon = قسيمة
widget-tier-cash = { $amount } نقدًا
widget-close = إغلاق
widget-friends = { $count ->
    [zero] لا أصدقاء
    [one] صديق واحد
    [two] صديقان
    [few] { $count } أصدقاء
    [many] { $count } صديقًا
   *[other] { $count } صديق
}
widget-friends-joined = { $count ->
    [zero] لم ينضم أي صديق
    [one] انضم صديق واحد
    [two] انضم صديقان
    [few] انضم { $count } أصدقاء
    [many] انضم { $count } صديقًا
   *[other] انضم { $count } صديق
}
widget-more-for-next = { $count ->
    [zero] لا شيء متبقٍ لمكافأتك التالية
    [one] بقي واحد لمكافأتك التالية
    [two] بقي اثنان لمكافأتك التالية
    [few] بقي { $count } لمكافأتك التالية
    [many] بقي { $count } لمكافأتك التالية
   *[other] بقي { $count } لمكافأتك التالية
}
widget-more-for-tier = { $count ->
    [zero] لا شيء متبقٍ لمكافأتك التالية (عند { $target }: { $reward })
    [one] بقي واحد لمكافأتك التالية (عند { $target }: { $reward })
    [two] بقي اثنان لمكافأتك التالية (عند { $target }: { $reward })
    [few] بقي { $count } لمكافأتك التالية (عند { $target }: { $reward })
    [many] بقي { $count } لمكافأتك التالية (عند { $target }: { $reward })
   *[other] بقي { $count } لمكافأتك التالية (عند { $target }: { $reward })
}
widget-behind = { $count ->
    [zero] لا أحد خلفك.
    [one] شخص واحد خلفك.
    [two] شخصان خلفك.
    [few] { $count } أشخاص خلفك.
    [many] { $count } شخصًا خلفك.
   *[other] { $count } شخص خلفك.
}
widget-moves-up = { $count ->
    [zero] كل صديق ينضم لا يغيّر ترتيبك.
    [one] كل صديق ينضم يقدّمك مركزًا واحدًا.
    [two] كل صديق ينضم يقدّمك مركزين.
    [few] كل صديق ينضم يقدّمك { $count } مراكز.
    [many] كل صديق ينضم يقدّمك { $count } مركزًا.
   *[other] كل صديق ينضم يقدّمك { $count } مركز.
}

## ما تقدّمه الأداة

offer-coupon = رمز قسيمة
offer-cash = { $amount } نقدًا
offer-token = { $amount } رمزًا مميزًا
offer-reward = مكافأة
offer-every-signup = { $count ->
    [one] احصل على { $reward } عن كل صديق ينضم.
    [two] احصل على { $reward } عن كل صديقين ينضمان.
    [few] احصل على { $reward } عن كل { $count } أصدقاء ينضمون.
    [many] احصل على { $reward } عن كل { $count } صديقًا ينضمون.
   *[other] احصل على { $reward } عن كل { $count } صديق ينضمون.
}
offer-every-visit = { $count ->
    [one] احصل على { $reward } عن كل زيارة فريدة لرابطك.
    [two] احصل على { $reward } عن كل زيارتين فريدتين لرابطك.
    [few] احصل على { $reward } عن كل { $count } زيارات فريدة لرابطك.
    [many] احصل على { $reward } عن كل { $count } زيارة فريدة لرابطك.
   *[other] احصل على { $reward } عن كل { $count } زيارة فريدة لرابطك.
}
offer-every-conversion = { $count ->
    [one] احصل على { $reward } عن كل صديق يشتري.
    [two] احصل على { $reward } عن كل صديقين يشتريان.
    [few] احصل على { $reward } عن كل { $count } أصدقاء يشترون.
    [many] احصل على { $reward } عن كل { $count } صديقًا يشترون.
   *[other] احصل على { $reward } عن كل { $count } صديق يشترون.
}
offer-tiers-signup = مكافآت تزداد مع انضمام أصدقائك: { $steps }.
offer-tiers-visit = مكافآت تزداد مع الزيارات الفريدة لرابطك: { $steps }.
offer-tiers-conversion = مكافآت تزداد مع شراء أصدقائك: { $steps }.
offer-tier-step = { $reward } عند { $count }
offer-step-separator = {"، "}
offer-two-way = الأصدقاء الذين ينضمون عبر رابطك يحصلون على مكافأة أيضًا.

## صفحة الهبوط

lander-visit = زيارة { $domain }
lander-title = برنامج الإحالة
lander-social = روابط التواصل الاجتماعي

## رسائل المشاركين، ما دامت الحملة تستخدم النصوص الافتراضية.

email-welcome-subject = مرحبًا بك في { $campaign }
email-welcome-body = شكرًا لانضمامك إلى { $campaign }. شارك رابطك مع أصدقائك، واربح مكافآت عندما ينضمون:
email-friend-joined-subject = انضم { $friend } عبر رابطك
email-friend-joined-body = انضم { $friend } للتو إلى { $campaign } عبر رابطك. { $count ->
    [zero] لا أحد حتى الآن.
    [one] هذا أول صديق حتى الآن.
    [two] أصبحا اثنين حتى الآن.
    [few] أصبحوا { $count } حتى الآن.
    [many] أصبحوا { $count } حتى الآن.
   *[other] أصبحوا { $count } حتى الآن.
}
email-keep-sharing = واصل المشاركة: { $link }
email-reward-subject = ربحت مكافأة
email-reward-body = شكرًا لنشرك الخبر عن { $campaign }. مكافأتك:
email-friend-reward-subject = مكافأتك على الانضمام إلى { $campaign }
email-friend-reward-body = مرحبًا بك في { $campaign }، وشكرًا لانضمامك عبر رابط صديق. مكافأتك:
email-share-own = شارك رابطك الخاص، واربح المزيد عندما ينضم أصدقاؤك:
email-portal-footer = رابط الإحالة ومكافآتك ومدفوعاتك

# The widget's headline and button while the owner keeps ours.
widget-headline = ادعُ أصدقاءك واربح المكافآت
widget-button = احصل على رابط الإحالة
