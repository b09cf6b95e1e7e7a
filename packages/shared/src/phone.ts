/**
 * A Nigerian mobile number: 10 digits starting 70, 71, 80, 81, 90 or 91, after an optional
 * country code (+234, 234 or 00234, even followed by the trunk 0) or trunk 0.
 */
const NIGERIAN_MOBILE_NUMBER = /^(?:(?:\+|00)?2340?|0)?([789][01]\d{8})$/;
/** Separators people type inside phone numbers. */
const PHONE_SEPARATORS = /[\s\-().]/g;

/**
 * '+234' and the 10 national digits ('08030000001', '+2348030000001', '2348030000001' and
 * '8030000001' are all '+2348030000001'); `null` when it is not a Nigerian mobile number.
 */
export function normalizePhone(phone: string): string | null {
  const match = NIGERIAN_MOBILE_NUMBER.exec(phone.replace(PHONE_SEPARATORS, ''));
  return match?.[1] === undefined ? null : `+234${match[1]}`;
}

/**
 * Phone numbers are stored as '+234' and ten digits and shown in one style everywhere: the
 * national form members dial and write, in groups of four, three and four ('0803 000 0001').
 * Any way of typing a Nigerian mobile number shows alike; anything else is shown as it is.
 */
export function formatPhone(phone: string): string {
  const stored = normalizePhone(phone);
  if (stored === null) return phone;
  return `0${stored.slice(4)}`.replace(/^(\d{4})(\d{3})(\d{4})$/, '$1 $2 $3');
}

/**
 * A stored number with its middle hidden ('0803 *** 0001'), for officers' lists and the log:
 * enough to tell two numbers apart and to read it to the member, not to dial it.
 */
export function maskPhone(phone: string): string {
  const stored = normalizePhone(phone);
  if (stored === null) return phone.length > 4 ? `*** ${phone.slice(-4)}` : '***';
  const national = `0${stored.slice(4)}`;
  return `${national.slice(0, 4)} *** ${national.slice(-4)}`;
}
