# To, co czytają uczestnicy, po polsku. Symboli zastępczych ({ $name }) nie zmieniamy.

## Strony dla nieprawidłowego linku

page-not-found-title = Nie znaleziono strony
page-not-found = Ta strona nie istnieje.
referral-link-invalid-title = Ten link polecający jest nieprawidłowy
referral-link-invalid = Link jest uszkodzony, wygasł albo kampania się skończyła. Poproś osobę, która go udostępniła, o nowy.

## Wypisanie się

unsubscribe-title = Wypisz się
unsubscribe-question = Przestać otrzymywać e-maile od { $campaign }?
unsubscribe-question-digest = Przestać otrzymywać dzienne podsumowanie { $campaign }?
unsubscribe-button = Wypisz się
unsubscribed-title = Wypisano
unsubscribed = Nie dostaniesz więcej e-maili z tej kampanii.
unsubscribed-digest = Nie dostaniesz więcej dziennych podsumowań tej kampanii. Włączysz je ponownie w e-mailach kampanii.
unsubscribe-invalid-title = Nieprawidłowy link
unsubscribe-invalid = Ten link do wypisania jest nieprawidłowy albo kampania już nie istnieje.

## Portal uczestnika: logowanie

portal-title = Twoje nagrody
portal-sign-in-intro = Zaloguj się, aby zobaczyć swój link polecający, poleconych znajomych, swoje nagrody i wypłaty.
portal-email-label = E-mail
portal-sign-in-button = Wyślij mi link do logowania
portal-sign-in-unavailable = Logowanie przez e-mail nie jest tu dostępne. Poproś { $shop } o link do swoich nagród.
portal-email-invalid = Wpisz adres e-mail, którym się zapisałeś.
portal-link-sent-title = Sprawdź skrzynkę
portal-link-sent = Jeśli ten adres należy do uczestnika, link do logowania jest już w drodze. Link działa raz, przez 15 minut.
portal-back = Wstecz
portal-back-to-sign-in = Wróć do logowania
portal-enter-title = Zaloguj się
portal-enter-button = Przejdź do nagród
portal-link-invalid-title = Nieprawidłowy link
portal-link-invalid = Ten link do logowania został już użyty albo wygasł: link działa raz, przez 15 minut. Poproś o nowy.
portal-too-many-title = Za dużo linków do logowania
portal-too-many = Poproszono o zbyt wiele linków do logowania. Spróbuj ponownie za { $minutes ->
    [one] minutę
    [few] { $minutes } minuty
    [many] { $minutes } minut
   *[other] { $minutes } minuty
}.
portal-form-refused-title = Formularz odrzucony
portal-form-refused = Ten formularz nie został wysłany z tej strony albo strona jest zbyt stara. Odśwież ją i spróbuj ponownie.
portal-form-unreadable-title = Nieczytelny formularz
portal-form-unreadable = Wyślij formularz ponownie.
portal-signed-out-title = Wylogowano
portal-session-ended = Twoja sesja wygasła. Zaloguj się ponownie, aby zmienić dane do wypłaty.
portal-qr-signed-out = Zaloguj się, aby zobaczyć swój kod QR.

## E-mail z linkiem do logowania

portal-email-subject = Twój link do logowania w { $campaign }
portal-email-greeting = Cześć { $name },
portal-email-greeting-anonymous = Dzień dobry,
portal-email-body = Otwórz ten link, aby zobaczyć swój link polecający, nagrody i wypłaty w { $campaign }:
portal-email-expiry = Działa raz, przez 15 minut. Jeśli o niego nie prosiłeś, zignoruj tę wiadomość.

## Portal uczestnika: po zalogowaniu

portal-hello = Cześć { $name }
portal-sign-out = Wyloguj się
portal-your-link = Twój link polecający
portal-copy = Kopiuj
portal-copied = Skopiowano
portal-share-email = E-mail
portal-qr-alt = Kod QR twojego linku polecającego
portal-referred = Osoby, które poleciłeś
portal-referred-count = { $count ->
    [one] Poleciłeś jedną osobę.
    [few] Poleciłeś { $count } osoby.
    [many] Poleciłeś { $count } osób.
   *[other] Poleciłeś { $count } osoby.
}
portal-referred-none = Jeszcze nikt. Udostępnij swój link.
portal-a-friend = Znajomy
portal-rewards = Twoje nagrody
portal-rewards-none = Jeszcze żadnych.
portal-reward-coupon = Kupon
portal-reward-cash = Pieniądze
portal-reward-message = Nagroda
portal-reward-token = Tokeny
portal-reward-held = w weryfikacji
portal-reward-pending = czeka na kod
portal-reward-issued = twoja
portal-reward-fulfilled = wypłacona
portal-reward-voided = anulowana
portal-reward-on-its-way = W drodze: jest weryfikowana albo czeka na kod.
portal-commission = Klient, którego poleciłeś: faktura za okres od { $period }
portal-promo-codes = Twoje kody promocyjne
portal-promo-codes-none = Nie masz jeszcze kodu promocyjnego.
portal-promo-code-numbers = Użycia: { $uses } · Zakupy zaliczone tobie: { $conversions }
portal-promo-code-disabled = wyłączony
portal-promo-code-ask = Poproś o własny kod
portal-promo-code-hint = Od 3 do 32 liter, cyfr, - lub _. Klienci, którzy go użyją, są zaliczani tobie.
portal-promo-code-button = Weź ten kod
portal-promo-code-saved = Kod jest twój: udostępnij go.
portal-promo-code-taken = Ten kod jest zajęty. Wybierz inny.
portal-promo-code-invalid = Kod ma od 3 do 32 liter, cyfr, - lub _.
portal-payouts = Saldo i wypłaty
portal-due = Należy ci się:
portal-owed = Odliczone od kolejnych wypłat (zwrócone zakupy): { $amount }
portal-payouts-none = Jeszcze żadnych wypłat.
portal-payout = Wypłata
portal-amount = Kwota
portal-state = Stan
portal-date = Data
portal-payout-requested = zlecona
portal-payout-paid = wypłacona
portal-payout-failed = nieudana
portal-details = Gdzie ci zapłacić
portal-details-saved = Zapisano.
portal-details-invalid = Wpisz e-mail swojego konta PayPal lub Wise albo dane, o które prosił sklep (najwyżej 500 znaków).
portal-details-method = Metoda
portal-details-paypal = PayPal (e-mail konta)
portal-details-wise = Wise (e-mail konta)
portal-details-other = Inna (jak prosił sklep)
portal-details-value = E-mail konta lub dane
portal-save = Zapisz

## Widżet. Wartości w nawiasach bez znaku dolara ({name}, {n}) wstawia skrypt.

widget-name-label = Imię
widget-name-placeholder = Twoje imię
widget-email-label = E-mail
widget-preview-only = To jest podgląd: zapisy są tu wyłączone.
widget-error = Coś poszło nie tak; spróbuj ponownie.
widget-offline = Nie udało się połączyć z serwerem; spróbuj ponownie.
widget-reward-withdrawn = Ta nagroda została wycofana.
widget-reward-on-its-way = Twoja nagroda jest w drodze: kod będzie wkrótce gotowy.
widget-your-coupon = Twój kod rabatowy
widget-your-reward = Twoja nagroda
widget-a-message = Wiadomość dla ciebie
widget-copy-code = Kopiuj kod
widget-copied = Skopiowano!
widget-your-link = Twój link polecający
widget-copy = Kopiuj
widget-press-ctrl-c = Naciśnij Ctrl+C
widget-welcome = Witaj, { $name }!
widget-you-are-in = Jesteś z nami!
widget-share-prompt = Udostępnij swój link. Znajomi, którzy dołączą przez niego, liczą się do twojej nagrody.
widget-share-email = E-mail
widget-top-referrers = Najlepsi polecający
widget-off-waitlist = Nie jesteś już na liście oczekujących: jesteś z nami!
widget-position = Jesteś numerem { $position } w kolejce
widget-every-reward-earned = wszystkie nagrody zdobyte
widget-tier-coupon = kupon
widget-tier-cash = { $amount } w gotówce
widget-close = Zamknij
widget-friends = { $count ->
    [one] { $count } znajomy
    [few] { $count } znajomych
    [many] { $count } znajomych
   *[other] { $count } znajomego
}
widget-friends-joined = { $count ->
    [one] dołączył { $count } znajomy
    [few] dołączyło { $count } znajomych
    [many] dołączyło { $count } znajomych
   *[other] dołączyło { $count } znajomego
}
widget-more-for-next = { $count ->
    [one] jeszcze { $count } do następnej nagrody
    [few] jeszcze { $count } do następnej nagrody
    [many] jeszcze { $count } do następnej nagrody
   *[other] jeszcze { $count } do następnej nagrody
}
widget-more-for-tier = { $count ->
    [one] jeszcze { $count } do następnej nagrody (przy { $target }: { $reward })
    [few] jeszcze { $count } do następnej nagrody (przy { $target }: { $reward })
    [many] jeszcze { $count } do następnej nagrody (przy { $target }: { $reward })
   *[other] jeszcze { $count } do następnej nagrody (przy { $target }: { $reward })
}
widget-behind = { $count ->
    [one] { $count } osoba za tobą.
    [few] { $count } osoby za tobą.
    [many] { $count } osób za tobą.
   *[other] { $count } osoby za tobą.
}
widget-moves-up = { $count ->
    [one] Każdy znajomy, który dołączy, przesuwa cię o { $count } miejsce.
    [few] Każdy znajomy, który dołączy, przesuwa cię o { $count } miejsca.
    [many] Każdy znajomy, który dołączy, przesuwa cię o { $count } miejsc.
   *[other] Każdy znajomy, który dołączy, przesuwa cię o { $count } miejsca.
}

## Co oferuje widżet

offer-coupon = kod rabatowy
offer-cash = { $amount } w gotówce
offer-token = { $amount } tokenów
offer-reward = nagrodę
offer-every-signup = { $count ->
    [one] Zdobądź { $reward } za każdego znajomego, który dołączy.
    [few] Zdobądź { $reward } za każdych { $count } znajomych, którzy dołączą.
    [many] Zdobądź { $reward } za każdych { $count } znajomych, którzy dołączą.
   *[other] Zdobądź { $reward } za każdych { $count } znajomych, którzy dołączą.
}
offer-every-visit = { $count ->
    [one] Zdobądź { $reward } za każdą unikalną wizytę z twojego linku.
    [few] Zdobądź { $reward } za każde { $count } unikalne wizyty z twojego linku.
    [many] Zdobądź { $reward } za każde { $count } unikalnych wizyt z twojego linku.
   *[other] Zdobądź { $reward } za każde { $count } unikalnej wizyty z twojego linku.
}
offer-every-conversion = { $count ->
    [one] Zdobądź { $reward } za każdego znajomego, który kupi.
    [few] Zdobądź { $reward } za każdych { $count } znajomych, którzy kupią.
    [many] Zdobądź { $reward } za każdych { $count } znajomych, którzy kupią.
   *[other] Zdobądź { $reward } za każdych { $count } znajomych, którzy kupią.
}
offer-tiers-signup = Nagrody rosną z liczbą znajomych, którzy dołączą: { $steps }.
offer-tiers-visit = Nagrody rosną z liczbą unikalnych wizyt z twojego linku: { $steps }.
offer-tiers-conversion = Nagrody rosną z liczbą znajomych, którzy kupią: { $steps }.
offer-tier-step = { $reward } przy { $count }
offer-step-separator = {", "}
offer-two-way = Znajomi, którzy dołączą przez twój link, też dostaną nagrodę.

## Strona docelowa

lander-visit = Odwiedź { $domain }
lander-title = Program poleceń
lander-social = Media społecznościowe

## E-maile do uczestników, dopóki kampania ma domyślne teksty.

email-welcome-subject = Witaj w { $campaign }
email-welcome-body = Dziękujemy za dołączenie do { $campaign }. Udostępnij swój link znajomym i zdobywaj nagrody, gdy dołączą:
email-friend-joined-subject = { $friend } dołączył przez twój link
email-friend-joined-body = { $friend } właśnie dołączył do { $campaign } przez twój link. { $count ->
    [one] To już { $count } osoba.
    [few] To już { $count } osoby.
    [many] To już { $count } osób.
   *[other] To już { $count } osoby.
}
email-keep-sharing = Udostępniaj dalej: { $link }
email-reward-subject = Zdobyłeś nagrodę
email-reward-body = Dziękujemy za polecanie { $campaign }. Twoja nagroda:
email-friend-reward-subject = Twoja nagroda za dołączenie do { $campaign }
email-friend-reward-body = Witaj w { $campaign } i dziękujemy za dołączenie przez link znajomego. Twoja nagroda:
email-share-own = Udostępnij swój własny link i zdobywaj więcej, gdy dołączą twoi znajomi:
email-portal-footer = Twój link polecający, nagrody i wypłaty

# The widget's headline and button while the owner keeps ours.
widget-headline = Zapraszaj znajomych, zdobywaj nagrody
widget-button = Pobierz mój link polecający
