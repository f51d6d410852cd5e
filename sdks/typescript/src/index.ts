/**
 * The referrals API from TypeScript. Every operation is a function named as the API's
 * `operationId` (`createCampaign`, `listParticipants`, `approveReward`, `createPayouts`),
 * generated from the server's OpenAPI document into `./generated` by `scripts/sdks.sh`;
 * this file is the only one written by hand. A client made here
 * - sends the member's API key (or a signed-in token) with every request;
 * - sends an `Idempotency-Key` with every write: the caller's, or a fresh UUID, so a retry
 *   the caller makes with the same key is the same request;
 * - throws a `ReferralsError` carrying the envelope's `code` for every failure.
 */
import { createClient, createConfig, type Client } from './generated/client';
import type { Code } from './generated/types.gen';

export * from './generated/sdk.gen';
export type * from './generated/types.gen';
export type { Client } from './generated/client';

/** A failure the API answered: its HTTP status, its machine `code` and its sentence. */
export class ReferralsError extends Error {
  readonly status: number;
  readonly code: Code | 'unknown';
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const envelope = (typeof body === 'object' && body !== null ? body : {}) as { code?: Code; error?: string };
    super(envelope.error ?? `the API answered ${status}`);
    this.name = 'ReferralsError';
    this.status = status;
    this.code = envelope.code ?? 'unknown';
    this.body = body;
  }
}

/** Where the API is, and who calls it. */
export interface ReferralsOptions {
  /** The server's root, such as `https://referrals.example.com`. */
  baseUrl: string;
  /** The member's API key (`ref_…`), a scoped one too. */
  apiKey?: string;
  /** A token from `createToken`, instead of a key. */
  token?: string;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A client to pass as `client` to every operation: `createCampaign({ client, body })`. */
export function referralsClient(options: ReferralsOptions): Client {
  const headers: Record<string, string> = {};
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
  const client = createClient(createConfig({ baseUrl: options.baseUrl.replace(/\/$/, ''), headers, throwOnError: true }));
  client.interceptors.request.use((request) => {
    if (!READS.has(request.method) && !request.headers.has('Idempotency-Key')) {
      request.headers.set('Idempotency-Key', crypto.randomUUID());
    }
    return request;
  });
  client.interceptors.error.use((error, response) => new ReferralsError(response?.status ?? 0, error));
  return client;
}

/**
 * Uploads coupon codes as CSV (one code a line, or CSV whose first column is the code),
 * as a file of codes is sent: `uploadCouponsCsv(client, 7, 'SPRING-1\nSPRING-2\n')`.
 */
export async function uploadCouponsCsv(client: Client, campaignId: number, csv: string) {
  const { uploadCoupons } = await import('./generated/sdk.gen');
  return uploadCoupons({
    client,
    path: { id: campaignId },
    body: csv as never,
    bodySerializer: (body: unknown) => body as string,
    headers: { 'Content-Type': 'text/csv' },
  });
}
