# What participants read, in English: the reference every other language must match,
# message for message (a test says so). Placeables ({ $name }) are filled by the server;
# keep them as they are. See README.md, "Adding a language".

## Pages for a broken link

page-not-found-title = Page not found
page-not-found = This page does not exist.
referral-link-invalid-title = This referral link is not valid
referral-link-invalid = The link you followed is broken, has expired, or its campaign has ended. Ask the person who shared it for a new one.

## Unsubscribing

unsubscribe-title = Unsubscribe
unsubscribe-question = Stop receiving emails from { $campaign }?
unsubscribe-question-digest = Stop receiving the daily digest of { $campaign }?
unsubscribe-button = Unsubscribe
unsubscribed-title = Unsubscribed
unsubscribed = You will get no more emails from this campaign.
unsubscribed-digest = You will get no more daily digests of this campaign. Turn them on again in the campaign's emails.
unsubscribe-invalid-title = Link not valid
unsubscribe-invalid = This unsubscribe link is not valid, or its campaign no longer exists.

## The participant portal: signing in

portal-title = Your rewards
portal-sign-in-intro = Sign in to see your referral link, the friends you referred, your rewards and your payouts.
portal-email-label = Email
portal-sign-in-button = Email me a sign-in link
portal-sign-in-unavailable = Sign-in by email is not available here. Ask { $shop } for a link to your rewards.
portal-email-invalid = Enter the email address you joined with.
portal-link-sent-title = Check your email
portal-link-sent = If that address belongs to a participant, a sign-in link is on its way to it. The link works once, for 15 minutes.
portal-back = Back
portal-back-to-sign-in = Back to sign-in
portal-enter-title = Sign in
portal-enter-button = Continue to your rewards
portal-link-invalid-title = Link not valid
portal-link-invalid = This sign-in link was used already, or it expired: a link works once, for 15 minutes. Ask for a new one.
portal-too-many-title = Too many sign-in links
portal-too-many = Too many sign-in links were asked for. Try again in { $minutes ->
    [one] one minute
   *[other] { $minutes } minutes
}.
portal-form-refused-title = Form refused
portal-form-refused = This form was not sent from this page, or the page is too old. Reload it and try again.
portal-form-unreadable-title = Form not readable
portal-form-unreadable = Send the form again.
portal-signed-out-title = Signed out
portal-session-ended = Your session ended. Sign in again to change where you are paid.
portal-qr-signed-out = Sign in to see your QR code.

## The sign-in email

portal-email-subject = Your sign-in link for { $campaign }
portal-email-greeting = Hi { $name },
portal-email-greeting-anonymous = Hello,
portal-email-body = Open this link to see your referral link, your rewards and your payouts for { $campaign }:
portal-email-expiry = It works once, for 15 minutes. If you did not ask for it, you can ignore this email.

## The participant portal: signed in

portal-hello = Hi { $name }
portal-sign-out = Sign out
portal-your-link = Your referral link
portal-copy = Copy
portal-copied = Copied
portal-share-email = Email
portal-qr-alt = QR code of your referral link
portal-referred = People you referred
portal-referred-count = { $count ->
    [one] You referred one person.
   *[other] You referred { $count } people.
}
portal-referred-none = Nobody yet. Share your link.
portal-a-friend = A friend
portal-rewards = Your rewards
portal-rewards-none = None yet.
portal-reward-coupon = Coupon
portal-reward-cash = Cash
portal-reward-message = Reward
portal-reward-token = Tokens
portal-reward-held = under review
portal-reward-pending = waiting for a code
portal-reward-issued = yours
portal-reward-fulfilled = paid out
portal-reward-voided = cancelled
portal-reward-on-its-way = On its way: it is being checked, or waits for a code.
portal-commission = A customer you referred: invoice for the period from { $period }
portal-promo-codes = Your promo codes
portal-promo-codes-none = You have no promo code yet.
portal-promo-code-numbers = Uses: { $uses } · Sales credited to you: { $conversions }
portal-promo-code-disabled = disabled
portal-promo-code-ask = Ask for a code of your own
portal-promo-code-hint = 3 to 32 letters, digits, - or _. Customers who use it are credited to you.
portal-promo-code-button = Get this code
portal-promo-code-saved = The code is yours: share it.
portal-promo-code-taken = This code is taken. Choose another one.
portal-promo-code-invalid = A code has 3 to 32 letters, digits, - or _.
portal-payouts = Balance and payouts
portal-due = Due to you:
portal-owed = Taken off your next payouts (refunded purchases): { $amount }
portal-payouts-none = No payouts yet.
portal-payout = Payout
portal-amount = Amount
portal-state = State
portal-date = Date
portal-payout-requested = requested
portal-payout-paid = paid
portal-payout-failed = failed
portal-details = Where to pay you
portal-details-saved = Saved.
portal-details-invalid = Enter the email of your PayPal or Wise account, or the details the shop asked for (at most 500 characters).
portal-details-method = Method
portal-details-paypal = PayPal (account email)
portal-details-wise = Wise (account email)
portal-details-other = Other (as the shop asked)
portal-details-value = Account email or details
portal-save = Save

## The widget's frame. Values in braces without a dollar sign ({name}, {n}) are filled in
## by the frame's script as the visitor reads it: keep them too.

widget-name-label = Name
widget-name-placeholder = Your name
widget-email-label = Email
widget-preview-only = This is a preview: signing up is off here.
widget-error = Something went wrong; please try again.
widget-offline = Could not reach the server; please try again.
widget-reward-withdrawn = This reward was withdrawn.
widget-reward-on-its-way = Your reward is on its way: your code will be ready soon.
widget-your-coupon = Your coupon code
widget-your-reward = Your reward
widget-a-message = A message for you
widget-copy-code = Copy code
widget-copied = Copied!
widget-your-link = Your referral link
widget-copy = Copy
widget-press-ctrl-c = Press Ctrl+C
widget-welcome = Welcome, { $name }!
widget-you-are-in = You're in!
widget-share-prompt = Share your link. Friends who join through it count toward your reward.
widget-share-email = Email
widget-top-referrers = Top referrers
widget-off-waitlist = You're off the waitlist: you're in!
widget-position = You're number { $position } in line
widget-every-reward-earned = every reward earned
widget-tier-coupon = a coupon
widget-tier-cash = { $amount } cash
widget-close = Close
widget-friends = { $count ->
    [one] { $count } friend
   *[other] { $count } friends
}
widget-friends-joined = { $count ->
    [one] { $count } friend joined
   *[other] { $count } friends joined
}
widget-more-for-next = { $count ->
    [one] { $count } more for your next reward
   *[other] { $count } more for your next reward
}
widget-more-for-tier = { $count ->
    [one] { $count } more for your next reward (at { $target }: { $reward })
   *[other] { $count } more for your next reward (at { $target }: { $reward })
}
widget-behind = { $count ->
    [one] { $count } person behind you.
   *[other] { $count } people behind you.
}
widget-moves-up = { $count ->
    [one] Each friend who joins moves you up { $count } place.
   *[other] Each friend who joins moves you up { $count } places.
}

## What the widget offers, before anyone signs up

offer-coupon = a coupon code
offer-cash = { $amount } in cash
offer-token = { $amount } tokens
offer-reward = a reward
offer-every-signup = { $count ->
    [one] Get { $reward } for every friend who joins.
   *[other] Get { $reward } for every { $count } friends who join.
}
offer-every-visit = { $count ->
    [one] Get { $reward } for every unique visit of your link.
   *[other] Get { $reward } for every { $count } unique visits of your link.
}
offer-every-conversion = { $count ->
    [one] Get { $reward } for every friend who buys.
   *[other] Get { $reward } for every { $count } friends who buy.
}
offer-tiers-signup = Rewards as your friends who join add up: { $steps }.
offer-tiers-visit = Rewards as your unique visits of your link add up: { $steps }.
offer-tiers-conversion = Rewards as your friends who buy add up: { $steps }.
offer-tier-step = { $reward } at { $count }
offer-step-separator = {", "}
offer-two-way = Friends who join through your link get a reward too.

## The landing page

lander-visit = Visit { $domain }
lander-title = Referral program
lander-social = Social links

## Participant emails, while the campaign keeps the default texts. Greeting: portal-email-greeting.

email-welcome-subject = Welcome to { $campaign }
email-welcome-body = Thanks for joining { $campaign }. Share your link with friends, and earn rewards when they join:
email-friend-joined-subject = { $friend } joined through your link
email-friend-joined-body = { $friend } just joined { $campaign } through your link. { $count ->
    [one] That makes { $count } so far.
   *[other] That makes { $count } so far.
}
email-keep-sharing = Keep sharing: { $link }
email-reward-subject = You earned a reward
email-reward-body = Thank you for spreading the word about { $campaign }. Your reward:
email-friend-reward-subject = Your reward for joining { $campaign }
email-friend-reward-body = Welcome to { $campaign }, and thanks for joining through a friend's link. Your reward:
email-share-own = Share your own link, and earn more when your friends join:
email-portal-footer = Your referral link, rewards and payouts

# The widget's headline and button while the owner keeps ours.
widget-headline = Invite friends, earn rewards
widget-button = Get my referral link
