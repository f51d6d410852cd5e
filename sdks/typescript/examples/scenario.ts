/**
 * A programme from start to payout through the SDK, as a developer would write it: run by
 * tests/api/sdks.rs against a real server (BASE). Prints one JSON line of what it saw; any
 * failed check throws.
 */
import {
  ReferralsError,
  approveReward,
  createBrand,
  createCampaign,
  createPayouts,
  createReferralSignup,
  createSignup,
  createToken,
  getCampaign,
  listPayouts,
  listRewards,
  markPayoutPaid,
  recordConversion,
  referralsClient,
  regenerateApiKey,
  registerMember,
  uploadCouponsCsv,
} from '../src';

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${what}`);
}

async function main() {
  const baseUrl = process.env.BASE!;
  const email = `ts-${process.pid}@example.com`;
  const password = 'a typed client, end to end';
  const anonymous = referralsClient({ baseUrl });
  await registerMember({ client: anonymous, body: { email, name: 'TypeScript', password } });
  const { data: signedIn } = await createToken({ client: anonymous, body: { email, password } });
  const owner = referralsClient({ baseUrl, token: signedIn.data.token });
  const { data: key } = await regenerateApiKey({ client: owner });
  const client = referralsClient({ baseUrl, apiKey: key.data.api_key });

  const { data: brand } = await createBrand({ client, body: { url: 'https://typescript.example', description: 'SDK' } });
  const { data: campaign } = await createCampaign({
    client,
    body: { name: 'Cash', url_id: brand.data.id, reward_type: 5, reward_value: '10', goal_type: 'conversion', hold_days: 30 },
  });
  const campaignId = campaign.data.id;
  const { data: ada } = await createSignup({ client, body: { campaign_id: campaignId, email: 'ada@example.com', name: 'Ada' } });
  await createReferralSignup({
    client,
    body: { referral_code: ada.data.participant.referral_code, email: 'grace@example.com', name: 'Grace' },
  });
  await recordConversion({
    client,
    body: { campaign_id: campaignId, email: 'grace@example.com', external_id: 'order-1', amount: '49.90', currency: 'USD' },
  });
  const { data: held } = await listRewards({ client, query: { status: 'held', campaign_id: campaignId } });
  check(held.data.rewards.length === 1, 'one held reward');
  const { data: approved } = await approveReward({ client, path: { id: held.data.rewards[0].id } });
  check(approved.data.status === 'issued', 'approved and issued');

  // A payout run retried with the same key makes the payouts once.
  const run = { client, path: { id: campaignId }, headers: { 'Idempotency-Key': 'payout-run-1' } };
  const { data: made } = await createPayouts(run);
  const { data: again } = await createPayouts(run);
  check(made.data.payouts.length === 1 && again.data.payouts.length === 0, 'the retry made no second payout');
  const { data: payouts } = await listPayouts({ client, query: { campaign_id: campaignId } });
  check(payouts.data.pagination.total === 1, 'one payout in all');
  const { data: paid } = await markPayoutPaid({ client, path: { id: made.data.payouts[0].id }, body: { reference: 'bank-1' } });
  check(paid.data.status === 'paid', 'paid');

  // A missing campaign is a typed error with its code.
  let code = '';
  try {
    await getCampaign({ client, path: { id: 999999 } });
  } catch (error) {
    check(error instanceof ReferralsError, 'a ReferralsError');
    code = error.code;
  }
  check(code === 'not_found', `not_found, not ${code}`);

  // Coupons from a CSV body.
  const { data: coupons } = await createCampaign({ client, body: { name: 'Coupons', url_id: brand.data.id, reward_type: 1 } });
  const { data: uploaded } = await uploadCouponsCsv(client, coupons.data.id, 'SPRING-1\nSPRING-2\nSPRING-3\n');
  check(uploaded.data.added === 3, `three codes added: ${JSON.stringify(uploaded.data)}`);

  console.log(JSON.stringify({ sdk: 'typescript', campaign: campaignId, payouts: payouts.data.pagination.total, paid: paid.data.status, missing: code, coupons: uploaded.data.added }));
}

main().catch((error) => {
  console.error(error instanceof ReferralsError ? `${error.status} ${error.code}: ${error.message}` : error);
  process.exit(1);
});
