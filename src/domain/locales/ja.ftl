# 参加者が読む文章（日本語）。プレースホルダー（{ $name }）はそのまま残してください。

## 無効なリンクのページ

page-not-found-title = ページが見つかりません
page-not-found = このページは存在しません。
referral-link-invalid-title = この紹介リンクは無効です
referral-link-invalid = このリンクは壊れているか、期限切れか、キャンペーンが終了しています。共有した人に新しいリンクを頼んでください。

## 配信停止

unsubscribe-title = 配信停止
unsubscribe-question = { $campaign } からのメールを停止しますか？
unsubscribe-question-digest = { $campaign } の日次ダイジェストを停止しますか？
unsubscribe-button = 配信停止
unsubscribed-title = 配信を停止しました
unsubscribed = このキャンペーンからのメールは今後届きません。
unsubscribed-digest = このキャンペーンの日次ダイジェストは今後届きません。キャンペーンのメール設定で再開できます。
unsubscribe-invalid-title = 無効なリンク
unsubscribe-invalid = この配信停止リンクは無効か、キャンペーンがすでに存在しません。

## 参加者ポータル：ログイン

portal-title = あなたの特典
portal-sign-in-intro = ログインすると、紹介リンク、紹介した友達、特典、支払いを確認できます。
portal-email-label = メールアドレス
portal-sign-in-button = ログインリンクをメールで受け取る
portal-sign-in-unavailable = ここではメールでのログインは利用できません。{ $shop } に特典へのリンクを依頼してください。
portal-email-invalid = 登録したメールアドレスを入力してください。
portal-link-sent-title = メールを確認してください
portal-link-sent = そのアドレスが参加者のものであれば、ログインリンクを送信しました。リンクは15分間、1回だけ使えます。
portal-back = 戻る
portal-back-to-sign-in = ログインに戻る
portal-enter-title = ログイン
portal-enter-button = 特典を見る
portal-link-invalid-title = 無効なリンク
portal-link-invalid = このログインリンクはすでに使われたか、期限が切れています。リンクは15分間、1回だけ使えます。新しいリンクを依頼してください。
portal-too-many-title = ログインリンクの依頼が多すぎます
portal-too-many = ログインリンクの依頼が多すぎます。{ $minutes ->
   *[other] { $minutes }分
}後にもう一度お試しください。
portal-form-refused-title = フォームが拒否されました
portal-form-refused = このフォームはこのページから送信されていないか、ページが古すぎます。ページを再読み込みしてもう一度お試しください。
portal-form-unreadable-title = フォームを読み取れません
portal-form-unreadable = もう一度フォームを送信してください。
portal-signed-out-title = ログアウトしました
portal-session-ended = セッションの有効期限が切れました。支払い先を変更するには、もう一度ログインしてください。
portal-qr-signed-out = QRコードを見るにはログインしてください。

## ログインメール

portal-email-subject = { $campaign } のログインリンク
portal-email-greeting = { $name } 様
portal-email-greeting-anonymous = こんにちは。
portal-email-body = { $campaign } の紹介リンク、特典、支払いを確認するには、このリンクを開いてください：
portal-email-expiry = リンクは15分間、1回だけ使えます。心当たりがない場合は、このメールを無視してください。

## 参加者ポータル：ログイン中

portal-hello = こんにちは、{ $name } さん
portal-sign-out = ログアウト
portal-your-link = あなたの紹介リンク
portal-copy = コピー
portal-copied = コピーしました
portal-share-email = メール
portal-qr-alt = 紹介リンクのQRコード
portal-referred = 紹介した人
portal-referred-count = { $count ->
   *[other] { $count }人を紹介しました。
}
portal-referred-none = まだいません。リンクを共有しましょう。
portal-a-friend = 友達
portal-rewards = あなたの特典
portal-rewards-none = まだありません。
portal-reward-coupon = クーポン
portal-reward-cash = 現金
portal-reward-message = 特典
portal-reward-token = トークン
portal-reward-held = 確認中
portal-reward-pending = コード待ち
portal-reward-issued = 獲得済み
portal-reward-fulfilled = 支払い済み
portal-reward-voided = 取り消し
portal-reward-on-its-way = 準備中：確認中か、コードを待っています。
portal-commission = あなたが紹介したお客様：{ $period } からの期間の請求書
portal-promo-codes = あなたのプロモーションコード
portal-promo-codes-none = まだプロモーションコードはありません。
portal-promo-code-numbers = 利用：{ $uses } 回 · あなたの成果になった購入：{ $conversions } 件
portal-promo-code-disabled = 無効
portal-promo-code-ask = 自分のコードを申し込む
portal-promo-code-hint = 英数字、- または _ で 3〜32 文字。このコードを使ったお客様はあなたの成果になります。
portal-promo-code-button = このコードにする
portal-promo-code-saved = このコードはあなたのものです。シェアしましょう。
portal-promo-code-taken = このコードは使われています。別のコードを選んでください。
portal-promo-code-invalid = コードは英数字、- または _ で 3〜32 文字です。
portal-payouts = 残高と支払い
portal-due = お支払い予定額：
portal-owed = 次回以降の支払いから差し引かれます（返金された購入）：{ $amount }
portal-payouts-none = まだ支払いはありません。
portal-payout = 支払い
portal-amount = 金額
portal-state = 状態
portal-date = 日付
portal-payout-requested = 依頼済み
portal-payout-paid = 支払い済み
portal-payout-failed = 失敗
portal-details = 支払い先
portal-details-saved = 保存しました。
portal-details-invalid = PayPal または Wise アカウントのメールアドレス、またはショップが求める情報を入力してください（500文字以内）。
portal-details-method = 方法
portal-details-paypal = PayPal（アカウントのメールアドレス）
portal-details-wise = Wise（アカウントのメールアドレス）
portal-details-other = その他（ショップの指示どおり）
portal-details-value = アカウントのメールアドレスまたは情報
portal-save = 保存

## ウィジェット。ドル記号のない波括弧の値（{name}、{n}）はスクリプトが埋めます。

widget-name-label = お名前
widget-name-placeholder = お名前
widget-email-label = メールアドレス
widget-preview-only = これはプレビューです。ここでは登録できません。
widget-error = 問題が発生しました。もう一度お試しください。
widget-offline = サーバーに接続できませんでした。もう一度お試しください。
widget-reward-withdrawn = この特典は取り消されました。
widget-reward-on-its-way = 特典を準備中です。コードはまもなく届きます。
widget-your-coupon = あなたのクーポンコード
widget-your-reward = あなたの特典
widget-a-message = あなたへのメッセージ
widget-copy-code = コードをコピー
widget-copied = コピーしました！
widget-your-link = あなたの紹介リンク
widget-copy = コピー
widget-press-ctrl-c = Ctrl+C を押してください
widget-welcome = ようこそ、{ $name } さん！
widget-you-are-in = 登録しました！
widget-share-prompt = リンクを共有しましょう。リンクから参加した友達が特典にカウントされます。
widget-share-email = メール
widget-top-referrers = 紹介ランキング
widget-off-waitlist = ウェイトリストを抜けました。参加できます！
widget-position = あなたは { $position } 番目です
widget-every-reward-earned = すべての特典を獲得済み
widget-tier-coupon = クーポン
widget-tier-cash = 現金 { $amount }
widget-close = 閉じる
widget-friends = { $count ->
   *[other] 友達 { $count } 人
}
widget-friends-joined = { $count ->
   *[other] 友達 { $count } 人が参加
}
widget-more-for-next = { $count ->
   *[other] 次の特典まであと { $count }
}
widget-more-for-tier = { $count ->
   *[other] 次の特典まであと { $count }（{ $target } で：{ $reward }）
}
widget-behind = { $count ->
   *[other] あなたの後ろに { $count } 人います。
}
widget-moves-up = { $count ->
   *[other] 友達が1人参加するごとに { $count } つ順番が上がります。
}

## ウィジェットの特典内容

offer-coupon = クーポンコード
offer-cash = 現金 { $amount }
offer-token = { $amount } トークン
offer-reward = 特典
offer-every-signup = { $count ->
    [one] 友達が1人参加するごとに{ $reward }をプレゼント。
   *[other] 友達が{ $count }人参加するごとに{ $reward }をプレゼント。
}
offer-every-visit = { $count ->
    [one] リンクへのユニーク訪問1回ごとに{ $reward }をプレゼント。
   *[other] リンクへのユニーク訪問{ $count }回ごとに{ $reward }をプレゼント。
}
offer-every-conversion = { $count ->
    [one] 友達が1人購入するごとに{ $reward }をプレゼント。
   *[other] 友達が{ $count }人購入するごとに{ $reward }をプレゼント。
}
offer-tiers-signup = 参加した友達の数に応じて特典が増えます：{ $steps }。
offer-tiers-visit = リンクへのユニーク訪問の数に応じて特典が増えます：{ $steps }。
offer-tiers-conversion = 購入した友達の数に応じて特典が増えます：{ $steps }。
offer-tier-step = { $count }で{ $reward }
offer-step-separator = 、
offer-two-way = あなたのリンクから参加した友達にも特典があります。

## ランディングページ

lander-visit = { $domain } を見る
lander-title = 紹介プログラム
lander-social = ソーシャルリンク

## キャンペーンが既定の文面を使っている間の参加者へのメール。

email-welcome-subject = { $campaign } へようこそ
email-welcome-body = { $campaign } にご参加いただきありがとうございます。リンクを友達に共有して、友達が参加すると特典がもらえます：
email-friend-joined-subject = { $friend } さんがあなたのリンクから参加しました
email-friend-joined-body = { $friend } さんがあなたのリンクから { $campaign } に参加しました。{ $count ->
   *[other] これで { $count } 人になりました。
}
email-keep-sharing = 引き続き共有しましょう：{ $link }
email-reward-subject = 特典を獲得しました
email-reward-body = { $campaign } を広めていただきありがとうございます。あなたの特典：
email-friend-reward-subject = { $campaign } 参加の特典
email-friend-reward-body = { $campaign } へようこそ。友達のリンクからご参加いただきありがとうございます。あなたの特典：
email-share-own = あなた自身のリンクを共有して、友達が参加するともっと特典がもらえます：
email-portal-footer = あなたの紹介リンク、特典、支払い

# The widget's headline and button while the owner keeps ours.
widget-headline = 友達を招待して特典をもらおう
widget-button = 紹介リンクを受け取る
