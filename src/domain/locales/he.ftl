# מה שהמשתתפים קוראים, בעברית. מצייני המקום ({ $name }) נשארים כמו שהם.

## דפים לקישור לא תקין

page-not-found-title = הדף לא נמצא
page-not-found = הדף הזה לא קיים.
referral-link-invalid-title = קישור ההפניה הזה אינו תקין
referral-link-invalid = הקישור שלחצת עליו שבור, פג תוקפו או שהקמפיין שלו הסתיים. בקשו קישור חדש מהאדם ששיתף אותו.

## הסרה מרשימת התפוצה

unsubscribe-title = הסרה מהרשימה
unsubscribe-question = להפסיק לקבל הודעות מ־{ $campaign }?
unsubscribe-question-digest = להפסיק לקבל את הסיכום היומי של { $campaign }?
unsubscribe-button = הסרה מהרשימה
unsubscribed-title = הוסרת מהרשימה
unsubscribed = לא יישלחו אליך עוד הודעות מהקמפיין הזה.
unsubscribed-digest = לא יישלחו אליך עוד סיכומים יומיים של הקמפיין הזה. אפשר להפעיל אותם שוב בהודעות הקמפיין.
unsubscribe-invalid-title = קישור לא תקין
unsubscribe-invalid = קישור ההסרה הזה אינו תקין, או שהקמפיין שלו כבר לא קיים.

## פורטל המשתתפים: כניסה

portal-title = ההטבות שלך
portal-sign-in-intro = התחברו כדי לראות את קישור ההפניה שלכם, את החברים שהפניתם, את ההטבות ואת התשלומים.
portal-email-label = אימייל
portal-sign-in-button = שלחו לי קישור כניסה
portal-sign-in-unavailable = הכניסה באימייל אינה זמינה כאן. בקשו מ־{ $shop } קישור להטבות שלכם.
portal-email-invalid = הזינו את כתובת האימייל שאיתה הצטרפתם.
portal-link-sent-title = בדקו את האימייל
portal-link-sent = אם הכתובת שייכת למשתתף, קישור כניסה בדרך אליה. הקישור עובד פעם אחת, למשך 15 דקות.
portal-back = חזרה
portal-back-to-sign-in = חזרה לכניסה
portal-enter-title = כניסה
portal-enter-button = המשך להטבות שלך
portal-link-invalid-title = קישור לא תקין
portal-link-invalid = קישור הכניסה הזה כבר נוצל או שפג תוקפו: קישור עובד פעם אחת, למשך 15 דקות. בקשו קישור חדש.
portal-too-many-title = יותר מדי קישורי כניסה
portal-too-many = התבקשו יותר מדי קישורי כניסה. נסו שוב בעוד { $minutes ->
    [one] דקה
    [two] שתי דקות
   *[other] { $minutes } דקות
}.
portal-form-refused-title = הטופס נדחה
portal-form-refused = הטופס הזה לא נשלח מהדף הזה, או שהדף ישן מדי. טענו אותו מחדש ונסו שוב.
portal-form-unreadable-title = לא ניתן לקרוא את הטופס
portal-form-unreadable = שלחו את הטופס שוב.
portal-signed-out-title = התנתקת
portal-session-ended = פג תוקף ההתחברות. התחברו שוב כדי לשנות לאן לשלם לכם.
portal-qr-signed-out = התחברו כדי לראות את קוד ה־QR שלכם.

## אימייל הכניסה

portal-email-subject = קישור הכניסה שלך ל־{ $campaign }
portal-email-greeting = שלום { $name },
portal-email-greeting-anonymous = שלום,
portal-email-body = פתחו את הקישור כדי לראות את קישור ההפניה, ההטבות והתשלומים שלכם ב־{ $campaign }:
portal-email-expiry = הוא עובד פעם אחת, למשך 15 דקות. אם לא ביקשתם אותו, אפשר להתעלם מהאימייל הזה.

## פורטל המשתתפים: מחובר

portal-hello = שלום { $name }
portal-sign-out = התנתקות
portal-your-link = קישור ההפניה שלך
portal-copy = העתקה
portal-copied = הועתק
portal-share-email = אימייל
portal-qr-alt = קוד QR של קישור ההפניה שלך
portal-referred = האנשים שהפנית
portal-referred-count = { $count ->
    [one] הפנית אדם אחד.
    [two] הפנית שני אנשים.
   *[other] הפנית { $count } אנשים.
}
portal-referred-none = עדיין אף אחד. שתפו את הקישור שלכם.
portal-a-friend = חבר
portal-rewards = ההטבות שלך
portal-rewards-none = עדיין אין.
portal-reward-coupon = קופון
portal-reward-cash = כסף
portal-reward-message = הטבה
portal-reward-token = טוקנים
portal-reward-held = בבדיקה
portal-reward-pending = ממתין לקוד
portal-reward-issued = שלך
portal-reward-fulfilled = שולם
portal-reward-voided = בוטל
portal-reward-on-its-way = בדרך: בבדיקה או ממתין לקוד.
portal-commission = לקוח שהפנית: חשבונית לתקופה שמתחילה ב־{ $period }
portal-promo-codes = קודי ההנחה שלך
portal-promo-codes-none = עדיין אין לך קוד הנחה.
portal-promo-code-numbers = שימושים: { $uses } · רכישות שנזקפו לזכותך: { $conversions }
portal-promo-code-disabled = מושבת
portal-promo-code-ask = בקשו קוד משלכם
portal-promo-code-hint = 3 עד 32 אותיות לטיניות, ספרות, ‎- או _. לקוחות שמשתמשים בו נזקפים לזכותך.
portal-promo-code-button = קבלו את הקוד הזה
portal-promo-code-saved = הקוד שלך: שתפו אותו.
portal-promo-code-taken = הקוד הזה תפוס. בחרו קוד אחר.
portal-promo-code-invalid = קוד מכיל 3 עד 32 אותיות לטיניות, ספרות, ‎- או _.
portal-payouts = יתרה ותשלומים
portal-due = מגיע לך:
portal-owed = יקוזז מהתשלומים הבאים שלך (רכישות שהוחזרו): { $amount }
portal-payouts-none = עדיין אין תשלומים.
portal-payout = תשלום
portal-amount = סכום
portal-state = מצב
portal-date = תאריך
portal-payout-requested = התבקש
portal-payout-paid = שולם
portal-payout-failed = נכשל
portal-details = לאן לשלם לך
portal-details-saved = נשמר.
portal-details-invalid = הזינו את האימייל של חשבון ה־PayPal או ה־Wise שלכם, או את הפרטים שהחנות ביקשה (עד 500 תווים).
portal-details-method = שיטה
portal-details-paypal = PayPal (אימייל החשבון)
portal-details-wise = Wise (אימייל החשבון)
portal-details-other = אחר (כפי שהחנות ביקשה)
portal-details-value = אימייל החשבון או פרטים
portal-save = שמירה

## הווידג׳ט. ערכים בסוגריים מסולסלים בלי סימן דולר ({name}, {n}) ממלא הסקריפט.

widget-name-label = שם
widget-name-placeholder = השם שלך
widget-email-label = אימייל
widget-preview-only = זו תצוגה מקדימה: ההרשמה כבויה כאן.
widget-error = משהו השתבש; נסו שוב.
widget-offline = לא ניתן להגיע לשרת; נסו שוב.
widget-reward-withdrawn = ההטבה הזו בוטלה.
widget-reward-on-its-way = ההטבה שלך בדרך: הקוד יהיה מוכן בקרוב.
widget-your-coupon = קוד הקופון שלך
widget-your-reward = ההטבה שלך
widget-a-message = הודעה בשבילך
widget-copy-code = העתקת הקוד
widget-copied = הועתק!
widget-your-link = קישור ההפניה שלך
widget-copy = העתקה
widget-press-ctrl-c = הקישו Ctrl+C
widget-welcome = ברוכים הבאים, { $name }!
widget-you-are-in = נרשמת!
widget-share-prompt = שתפו את הקישור שלכם. חברים שמצטרפים דרכו נספרים להטבה שלכם.
widget-share-email = אימייל
widget-top-referrers = המפנים המובילים
widget-off-waitlist = יצאת מרשימת ההמתנה: נרשמת!
widget-position = את/ה מספר { $position } בתור
widget-every-reward-earned = כל ההטבות הושגו
widget-tier-coupon = קופון
widget-tier-cash = { $amount } במזומן
widget-close = סגירה
widget-friends = { $count ->
    [one] חבר אחד
    [two] שני חברים
   *[other] { $count } חברים
}
widget-friends-joined = { $count ->
    [one] חבר אחד הצטרף
    [two] שני חברים הצטרפו
   *[other] { $count } חברים הצטרפו
}
widget-more-for-next = { $count ->
    [one] עוד { $count } להטבה הבאה שלך
    [two] עוד { $count } להטבה הבאה שלך
   *[other] עוד { $count } להטבה הבאה שלך
}
widget-more-for-tier = { $count ->
    [one] עוד { $count } להטבה הבאה שלך (ב־{ $target }: { $reward })
    [two] עוד { $count } להטבה הבאה שלך (ב־{ $target }: { $reward })
   *[other] עוד { $count } להטבה הבאה שלך (ב־{ $target }: { $reward })
}
widget-behind = { $count ->
    [one] אדם אחד מאחוריך.
    [two] שני אנשים מאחוריך.
   *[other] { $count } אנשים מאחוריך.
}
widget-moves-up = { $count ->
    [one] כל חבר שמצטרף מקדם אותך מקום אחד.
    [two] כל חבר שמצטרף מקדם אותך שני מקומות.
   *[other] כל חבר שמצטרף מקדם אותך { $count } מקומות.
}

## מה הווידג׳ט מציע

offer-coupon = קוד קופון
offer-cash = { $amount } במזומן
offer-token = { $amount } טוקנים
offer-reward = הטבה
offer-every-signup = { $count ->
    [one] קבלו { $reward } על כל חבר שמצטרף.
    [two] קבלו { $reward } על כל שני חברים שמצטרפים.
   *[other] קבלו { $reward } על כל { $count } חברים שמצטרפים.
}
offer-every-visit = { $count ->
    [one] קבלו { $reward } על כל ביקור ייחודי בקישור שלכם.
    [two] קבלו { $reward } על כל שני ביקורים ייחודיים בקישור שלכם.
   *[other] קבלו { $reward } על כל { $count } ביקורים ייחודיים בקישור שלכם.
}
offer-every-conversion = { $count ->
    [one] קבלו { $reward } על כל חבר שקונה.
    [two] קבלו { $reward } על כל שני חברים שקונים.
   *[other] קבלו { $reward } על כל { $count } חברים שקונים.
}
offer-tiers-signup = הטבות שגדלות ככל שחברים מצטרפים: { $steps }.
offer-tiers-visit = הטבות שגדלות ככל שהקישור שלכם מקבל ביקורים ייחודיים: { $steps }.
offer-tiers-conversion = הטבות שגדלות ככל שחברים קונים: { $steps }.
offer-tier-step = { $reward } ב־{ $count }
offer-step-separator = {", "}
offer-two-way = גם חברים שמצטרפים דרך הקישור שלכם מקבלים הטבה.

## דף הנחיתה

lander-visit = ביקור ב־{ $domain }
lander-title = תוכנית הפניות
lander-social = רשתות חברתיות

## אימיילים למשתתפים, כל עוד הקמפיין משאיר את טקסטי ברירת המחדל.

email-welcome-subject = ברוכים הבאים ל־{ $campaign }
email-welcome-body = תודה שהצטרפתם ל־{ $campaign }. שתפו את הקישור שלכם עם חברים, וקבלו הטבות כשהם מצטרפים:
email-friend-joined-subject = { $friend } הצטרף דרך הקישור שלך
email-friend-joined-body = { $friend } הצטרף עכשיו ל־{ $campaign } דרך הקישור שלך. { $count ->
    [one] זה הראשון עד כה.
    [two] אלה שניים עד כה.
   *[other] אלה { $count } עד כה.
}
email-keep-sharing = המשיכו לשתף: { $link }
email-reward-subject = קיבלת הטבה
email-reward-body = תודה שהפצתם את { $campaign }. ההטבה שלכם:
email-friend-reward-subject = ההטבה שלך על ההצטרפות ל־{ $campaign }
email-friend-reward-body = ברוכים הבאים ל־{ $campaign }, ותודה שהצטרפתם דרך הקישור של חבר. ההטבה שלכם:
email-share-own = שתפו את הקישור שלכם, וקבלו עוד כשחברים שלכם מצטרפים:
email-portal-footer = קישור ההפניה, ההטבות והתשלומים שלך

# The widget's headline and button while the owner keeps ours.
widget-headline = הזמינו חברים, קבלו הטבות
widget-button = קבלת קישור ההפניה שלי
