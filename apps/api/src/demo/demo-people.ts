/**
 * Who is in the demo cooperative (docs/demo-cooperative.md). Pure data, no database: dates are
 * given relative to the day the demo is created, so a demo started any day looks current, and
 * everything else is fixed (or drawn from a seeded generator), so every run builds the same one.
 */
import { OFFICER_ROLE_LABELS, type OfficerRole } from '@coop/shared/officers';
import { deterministicRandom, seedFromText } from './deterministic.js';

/** Every activated demo account signs in with this password. */
export const DEMO_PASSWORD = 'Demo!2345';

/** A member's monthly payroll deduction in whole naira, with an optional raise. */
export interface ContributionPlan {
  savingsNaira: number;
  sharesNaira: number;
  /** From this many months before the demo's month on, the member deducts more. */
  raise?: { fromMonthsAgo: number; savingsNaira: number; sharesNaira: number };
}

export interface DemoPerson {
  /** How the other seed parts refer to the person: 'ada', 'bayo', …, 'm0006'. */
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  membershipId: string;
  phoneNumber?: string;
  /** Officer roles (docs/officers.md); empty for members. */
  roles: OfficerRole[];
  isLoanReviewer: boolean;
  isExco: boolean;
  /** Joined this many months before the demo's day, on this day of that month (1–28). */
  joined: { monthsAgo: number; day: number };
  /** Has set a password (Demo!2345). */
  activated: boolean;
  /** Activated, then suspended by the administrator. */
  suspended: boolean;
  /** null: no payroll deductions (the administrator). */
  contributions: ContributionPlan | null;
}

const named: DemoPerson[] = [
  {
    key: 'admin',
    firstName: 'Demo',
    lastName: 'Administrator',
    email: 'admin@demo.coop',
    membershipId: 'A0001',
    roles: ['president'],
    isLoanReviewer: false,
    isExco: false,
    joined: { monthsAgo: 72, day: 2 },
    activated: true,
    suspended: false,
    contributions: null,
  },
  {
    // The second officer: approves disbursements above the two-signature limit.
    key: 'treasurer',
    firstName: 'Folake',
    lastName: 'Treasurer',
    email: 'treasurer@demo.coop',
    membershipId: 'A0002',
    roles: ['treasurer'],
    isLoanReviewer: false,
    isExco: false,
    joined: { monthsAgo: 70, day: 5 },
    activated: true,
    suspended: false,
    contributions: null,
  },
  {
    // Sees every back-office page and export and changes nothing.
    key: 'auditor',
    firstName: 'Kunle',
    lastName: 'Auditor',
    email: 'auditor@demo.coop',
    membershipId: 'A0003',
    roles: ['auditor'],
    isLoanReviewer: false,
    isExco: false,
    joined: { monthsAgo: 66, day: 9 },
    activated: true,
    suspended: false,
    contributions: null,
  },
  {
    // With the president, approves two-person changes to officers and to the policy's controls
    // (docs/administrators.md "Approvals"): each one's proposals need the other.
    key: 'secretary',
    firstName: 'Halima',
    lastName: 'Secretary',
    email: 'secretary@demo.coop',
    membershipId: 'A0004',
    roles: ['secretary'],
    isLoanReviewer: false,
    isExco: false,
    joined: { monthsAgo: 64, day: 11 },
    activated: true,
    suspended: false,
    contributions: null,
  },
  {
    key: 'ada',
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@demo.coop',
    membershipId: 'M0001',
    phoneNumber: '08030000001',
    roles: [],
    isLoanReviewer: true,
    isExco: false,
    joined: { monthsAgo: 62, day: 14 },
    activated: true,
    suspended: false,
    contributions: { savingsNaira: 25_000, sharesNaira: 5_000 },
  },
  {
    key: 'bayo',
    firstName: 'Bayo',
    lastName: 'Adeyemi',
    email: 'bayo@demo.coop',
    membershipId: 'M0002',
    phoneNumber: '08030000002',
    roles: [],
    isLoanReviewer: true,
    isExco: true,
    joined: { monthsAgo: 60, day: 3 },
    activated: true,
    suspended: false,
    contributions: { savingsNaira: 50_000, sharesNaira: 10_000 },
  },
  {
    key: 'chidi',
    firstName: 'Chidi',
    lastName: 'Eze',
    email: 'chidi@demo.coop',
    membershipId: 'M0003',
    phoneNumber: '08030000003',
    roles: [],
    isLoanReviewer: false,
    isExco: false,
    joined: { monthsAgo: 48, day: 21 },
    activated: true,
    suspended: false,
    contributions: {
      savingsNaira: 15_000,
      sharesNaira: 3_000,
      raise: { fromMonthsAgo: 12, savingsNaira: 20_000, sharesNaira: 3_000 },
    },
  },
  {
    key: 'ngozi',
    firstName: 'Ngozi',
    lastName: 'Okafor',
    email: 'ngozi@demo.coop',
    membershipId: 'M0004',
    phoneNumber: '08030000004',
    roles: [],
    isLoanReviewer: false,
    isExco: false,
    joined: { monthsAgo: 44, day: 9 },
    activated: true,
    suspended: true,
    contributions: { savingsNaira: 10_000, sharesNaira: 2_000 },
  },
  {
    key: 'emeka',
    firstName: 'Emeka',
    lastName: 'Nwosu',
    email: 'emeka@demo.coop',
    membershipId: 'M0005',
    phoneNumber: '08030000005',
    roles: [],
    isLoanReviewer: false,
    isExco: false,
    joined: { monthsAgo: 30, day: 17 },
    activated: false,
    suspended: false,
    contributions: { savingsNaira: 8_000, sharesNaira: 2_000 },
  },
];

/**
 * Sixty more members: Yoruba, Igbo, Hausa and Fulani, Efik and Ibibio, Edo, Ijaw, Tiv and Urhobo
 * names, in membership order (lower numbers joined earlier). A few carry roles so later features
 * have enough reviewers and exco members who are neither borrower nor guarantor.
 */
const OTHER_NAMES: readonly (readonly [string, string, ('reviewer' | 'exco')[]?])[] = [
  ['Funmilayo', 'Akinola', ['reviewer']],
  ['Aminu', 'Bello', ['reviewer', 'exco']],
  ['Chukwuemeka', 'Okonkwo'],
  ['Effiong', 'Bassey', ['exco']],
  ['Oluwaseun', 'Balogun'],
  ['Nneka', 'Nwachukwu'],
  ['Fatima', 'Abdullahi'],
  ['Osagie', 'Omoregie'],
  ['Babatunde', 'Ojo'],
  ['Ifeanyi', 'Anyanwu'],
  ['Abubakar', 'Usman'],
  ['Ekaette', 'Etim'],
  ['Yetunde', 'Olawale'],
  ['Obinna', 'Uzor'],
  ['Hadiza', 'Musa'],
  ['Ebiere', 'Tamuno'],
  ['Temitope', 'Fashola'],
  ['Chiamaka', 'Ibe'],
  ['Ibrahim', 'Garba'],
  ['Terver', 'Iorliam'],
  ['Kehinde', 'Ogunbiyi'],
  ['Uchenna', 'Okoro'],
  ['Zainab', 'Yusuf'],
  ['Oghenekaro', 'Omonigho'],
  ['Abimbola', 'Adekunle'],
  ['Adaeze', 'Nnaji'],
  ['Musa', 'Danjuma'],
  ['Imaobong', 'Udo'],
  ['Olumide', 'Oyelaran'],
  ['Kelechi', 'Onyekachi'],
  ['Halima', 'Aliyu'],
  ['Eghosa', 'Igbinedion'],
  ['Adenike', 'Bakare'],
  ['Chinonso', 'Obiora'],
  ['Sani', 'Lawal'],
  ['Preye', 'Dagogo'],
  ['Segun', 'Afolabi'],
  ['Amarachi', 'Nwankwo'],
  ['Aisha', 'Mohammed'],
  ['Mnena', 'Akaa'],
  ['Omolara', 'Adewale'],
  ['Ikenna', 'Agu'],
  ['Usman', 'Shehu'],
  ['Tunde', 'Ajayi'],
  ['Ogechi', 'Umeh'],
  ['Maryam', 'Suleiman'],
  ['Bolanle', 'Oyewole'],
  ['Tochukwu', 'Okeke'],
  ['Bashir', 'Idris'],
  ['Femi', 'Odukoya'],
  ['Ebere', 'Chukwu'],
  ['Hauwa', 'Sambo'],
  ['Titilayo', 'Adesanya'],
  ['Nnamdi', 'Onyeka'],
  ['Gbenga', 'Oladipo'],
  ['Chinwe', 'Madu'],
  ['Morenike', 'Alabi'],
  ['Kayode', 'Ogundipe'],
  ['Ibukun', 'Adeleke'],
  ['Damilola', 'Oni'],
];

const SAVINGS_NAIRA = [
  5_000, 6_000, 7_500, 10_000, 12_500, 15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 50_000,
] as const;
const SHARES_NAIRA = [1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000, 7_500, 10_000] as const;
const RAISE_NAIRA = [2_500, 5_000, 10_000] as const;

function otherMember(index: number): DemoPerson {
  const entry = OTHER_NAMES[index];
  if (!entry) throw new RangeError(`No demo member #${index}`);
  const [firstName, lastName, roles = []] = entry;
  const number = index + 6;
  const membershipId = `M${String(number).padStart(4, '0')}`;
  const random = deterministicRandom(seedFromText(membershipId));
  const savingsNaira = random.pick(SAVINGS_NAIRA);
  // Members put more into savings than into shares.
  const sharesNaira = random.pick(SHARES_NAIRA.filter((shares) => shares <= savingsNaira));
  const raisedSavings = Math.min(50_000, savingsNaira + random.pick(RAISE_NAIRA));
  const raiseFrom = random.integer(3, 20);
  const getsRaise = random.next() < 0.4 && raisedSavings > savingsNaira;
  return {
    key: membershipId.toLowerCase(),
    firstName,
    lastName,
    email: `${firstName}.${lastName}@demo.coop`.toLowerCase(),
    membershipId,
    // 0803 and seven digits, rising with the membership number, so never two alike.
    phoneNumber: `0803${String(2_000_000 + number * 73_421).padStart(7, '0')}`,
    roles: [],
    isLoanReviewer: roles.includes('reviewer'),
    isExco: roles.includes('exco'),
    // Spread over the last three years: M0006 joined 36 months ago, M0065 last month.
    joined: {
      monthsAgo: 36 - Math.round((index * 35) / (OTHER_NAMES.length - 1)),
      day: random.integer(1, 28),
    },
    activated: true,
    suspended: false,
    contributions: {
      savingsNaira,
      sharesNaira,
      ...(getsRaise
        ? { raise: { fromMonthsAgo: raiseFrom, savingsNaira: raisedSavings, sharesNaira } }
        : {}),
    },
  };
}

/** Everyone in the demo, administrator first, in membership order. */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  ...named,
  ...OTHER_NAMES.map((_, index) => otherMember(index)),
];

/** How many months of payroll deductions the demo holds, ending with last month. */
export const DEMO_CONTRIBUTION_MONTHS = 24;
/** The latest months are still pending: the member has not confirmed them yet. */
export const DEMO_PENDING_MONTHS = 2;
/** Payroll day: deductions are dated the 25th of their month. */
export const DEMO_PAYROLL_DAY = 25;

/** The named members a newcomer signs in as (README "Demo sign-ins"). */
const SIGN_IN_MEMBERS = ['ada', 'bayo', 'chidi'];

/**
 * The demo sign-ins of the start-up block (server.mode.ts startupBlock): the password, the
 * members and every officer with their role, and the two-factor code command.
 */
export function demoSignInLines(): string[] {
  const members = DEMO_PEOPLE.filter((person) => SIGN_IN_MEMBERS.includes(person.key));
  const officers = DEMO_PEOPLE.filter(
    (person) => person.roles.length > 0 && person.activated && !person.suspended,
  );
  return [
    `Demo sign-ins, every one with the password ${DEMO_PASSWORD}:`,
    `  members   ${members.map((person) => person.email).join(', ')}`,
    ...officers.map(
      (person, i) =>
        `  ${i === 0 ? 'officers ' : '         '} ${person.email} (${person.roles
          .map((role) => OFFICER_ROLE_LABELS[role].toLowerCase())
          .join(', ')})`,
    ),
    '  Officers then enter a two-factor code: npm run admin -- demo-code [their e-mail]',
  ];
}
