import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * The known-device mark (decision 093): after a successful sign-in the browser keeps a signed
 * `<user id>.<device id>.<signature>`, and a sign-in that shows it for the same account counts its
 * wrong guesses against the device's own budget. An attacker elsewhere, who spends the account's
 * budget for sources it does not know, cannot lock the member out of the device they use. The
 * mark is an HMAC-SHA256 under the server's signing secret, so it cannot be made up; it names a
 * device, not a session, and proves nothing else (it never signs anyone in).
 */
export interface KnownDevice {
  userId: string;
  deviceId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (secret: string, userId: string, deviceId: string) =>
  createHmac('sha256', secret).update(`known-device:${userId}.${deviceId}`).digest('base64url');

/** The mark for this account on this device: the device's id is kept when it was known already. */
export function issueKnownDevice(
  secret: string,
  userId: string,
  previous: KnownDevice | null,
): string {
  const deviceId = previous?.userId === userId ? previous.deviceId : randomUUID();
  return `${userId}.${deviceId}.${signatureOf(secret, userId, deviceId)}`;
}

/** The device a mark names, or null when it is absent, malformed or not signed by this server. */
export function readKnownDevice(secret: string, mark: string | undefined): KnownDevice | null {
  if (!mark) return null;
  const [userId, deviceId, signature, ...rest] = mark.split('.');
  if (rest.length > 0 || !userId || !deviceId || !signature) return null;
  if (!UUID.test(userId) || !UUID.test(deviceId)) return null;
  const expected = Buffer.from(signatureOf(secret, userId, deviceId));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, deviceId };
}
