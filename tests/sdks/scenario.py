"""A programme from start to payout through the Python SDK (sdks/python), as a developer would
write it: run by tests/api/sdks.rs against a real server (BASE). Prints one JSON line of what
it saw; any failed check raises."""

import io
import json
import os

from referrals_sdk import ReferralsError, anonymous_client, referrals_client
from referrals_sdk.api.brands import create_brand
from referrals_sdk.api.campaigns import create_campaign, get_campaign, upload_coupons
from referrals_sdk.api.conversions import record_conversion
from referrals_sdk.api.members import create_token, regenerate_api_key, register_member
from referrals_sdk.api.payouts import create_payouts, list_payouts, mark_payout_paid
from referrals_sdk.api.rewards import approve_reward, list_rewards
from referrals_sdk.api.signups import create_referral_signup, create_signup
from referrals_sdk.models import (
    BrandCreate,
    CampaignInput,
    ConversionBody,
    LoginBody,
    PaidBody,
    ReferralSignupBody,
    RegisterBody,
    SignupBody,
)
from referrals_sdk.types import File

BASE = os.environ["BASE"]
email, password = f"py-{os.getpid()}@example.com", "a typed client, end to end"

anonymous = anonymous_client(BASE)
register_member.sync(client=anonymous, body=RegisterBody(email=email, name="Python", password=password))
token = create_token.sync(client=anonymous, body=LoginBody(email=email, password=password)).data.token
owner = referrals_client(BASE, token=token)
client = referrals_client(BASE, api_key=regenerate_api_key.sync(client=owner).data.api_key)

brand = create_brand.sync(client=client, body=BrandCreate(url="https://python.example", description="SDK")).data
campaign = create_campaign.sync(
    client=client,
    body=CampaignInput(name="Cash", url_id=brand.id, reward_type=5, reward_value="10", goal_type="conversion", hold_days=30),
).data
ada = create_signup.sync(client=client, body=SignupBody(campaign_id=campaign.id, email="ada@example.com", name="Ada")).data
create_referral_signup.sync(
    client=client,
    body=ReferralSignupBody(referral_code=ada.participant.referral_code, email="grace@example.com", name="Grace"),
)
record_conversion.sync(
    client=client,
    body=ConversionBody(campaign_id=campaign.id, email="grace@example.com", external_id="order-1", amount="49.90", currency="USD"),
)
held = list_rewards.sync(client=client, status="held", campaign_id=campaign.id).data.rewards
assert len(held) == 1, held
approved = approve_reward.sync(held[0].id, client=client).data
assert approved.status == "issued", approved

# A payout run retried with the same key makes the payouts once.
run = client.with_headers({"Idempotency-Key": "payout-run-1"})
made = create_payouts.sync(campaign.id, client=run).data.payouts
again = create_payouts.sync(campaign.id, client=run).data.payouts
assert (len(made), len(again)) == (1, 0), (made, again)
payouts = list_payouts.sync(client=client, campaign_id=campaign.id).data
assert payouts.pagination.total == 1, payouts
paid = mark_payout_paid.sync(made[0].id, client=client, body=PaidBody(reference="bank-1")).data
assert paid.status == "paid", paid

# A missing campaign is a typed error with its code.
try:
    get_campaign.sync(999999, client=client)
    raise AssertionError("a missing campaign was found")
except ReferralsError as error:
    missing = error.code
assert missing == "not_found", missing

# Coupons from a CSV body.
coupons = create_campaign.sync(client=client, body=CampaignInput(name="Coupons", url_id=brand.id, reward_type=1)).data
csv = File(payload=io.BytesIO(b"SPRING-1\nSPRING-2\nSPRING-3\n"), mime_type="text/csv")
uploaded = upload_coupons.sync(coupons.id, client=client, body=csv).data
assert uploaded.added == 3, uploaded

print(json.dumps({"sdk": "python", "campaign": campaign.id, "payouts": payouts.pagination.total, "paid": paid.status, "missing": missing, "coupons": uploaded.added}))
