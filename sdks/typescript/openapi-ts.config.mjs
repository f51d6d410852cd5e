// @hey-api/openapi-ts's settings for src/generated (scripts/sdks.sh passes the input and
// output): every operation throws on a failure by default, so its answer's `data` is typed
// as present; `referralsClient` (src/index.ts) turns the failure into a `ReferralsError`.
export default {
  input: process.env.OPENAPI_DOCUMENT,
  output: process.env.OPENAPI_TS_OUTPUT,
  plugins: [{ name: '@hey-api/client-fetch', throwOnError: true }, '@hey-api/typescript', '@hey-api/sdk'],
};
