/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the account's
 * auth token, of the full URL Twilio called followed by each posted field's name and value in
 * name order. A request that does not carry it, or carries another, did not come from Twilio.
 * Compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

export function isTwilioSignatureValid(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
