import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  bearer,
  lagosMonth,
  lagosMonthBefore,
  SEEDED_PASSWORD,
  seedMember,
  uniqueTag,
  type SeededMember,
} from './seed';
import {
  allowLonger,
  expectAccessible,
  officerToken,
  signInAsOfficer,
  signInThroughApi,
} from './support';

/**
 * The payroll cycle end to end (docs/decisions/150-payroll-cycle.md and 151–157), as the month-end
 * routine of docs/administrators.md runs it: the officer raises a member's deduction instruction on
 * the member's page, downloads the month's schedule, imports what the payroll office deducted (one
 * member short, one missing), reads the variance report and posts; the short member is told in
 * naira, confirms and disputes; the officer resolves the dispute and records the employer's
 * remittance. The test builds its own payroll group and members through the API, so it runs beside
 * any other.
 */

const MONTH_WORDS = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthWords = (month: string) => MONTH_WORDS.format(new Date(`${month}-15T12:00:00Z`));

async function api(request: APIRequestContext, method: 'POST' | 'PUT', url: string, data: object) {
  const res = await request.fetch(`/api/v1${url}`, {
    method,
    headers: bearer(await officerToken(request, 'president')),
    data,
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: { id: string } }).data;
}

/**
 * A payroll group of the test's own, and members whose instruction is ₦20,000 + ₦5,000 there,
 * who joined last month: a member who joins after the month's cut-off day is first expected the
 * next month (docs/decisions/154), and the test may run on any day.
 */
async function seedGroup(request: APIRequestContext, tag: string, month: string) {
  const group = await api(request, 'POST', '/admin/payroll/groups', {
    code: `E2E-${tag}`,
    name: `Ministry of Tests ${tag}`,
  });
  const members: SeededMember[] = [];
  for (const [index, name] of ['Kemi', 'Obi', 'Tayo'].entries()) {
    const member = await seedMember(request, name, { tag, joinedOn: `${lagosMonthBefore(1)}-01` });
    await api(request, 'PUT', `/admin/payroll/instructions/${member.id}`, {
      payrollGroupId: group.id,
      staffNumber: `SN-${tag}-${index + 1}`,
      savingsAmount: 20_000,
      shareAmount: 5_000,
      effectiveMonth: month,
    });
    members.push(member);
  }
  return {
    group,
    code: `E2E-${tag}`,
    members: members as [SeededMember, SeededMember, SeededMember],
  };
}

test('the payroll cycle: instruction, schedule, actuals with a short and a missing member, the member disputes, the officer resolves and records the remittance', async ({
  page,
  request,
}) => {
  allowLonger(2);
  const tag = uniqueTag();
  const month = lagosMonth();
  const { group, code, members } = await seedGroup(request, tag, month);
  const [kemi, obi, tayo] = members;

  // 1. The officer raises Kemi's savings from ₦20,000 to ₦25,000 from this month, on her page.
  await signInAsOfficer(page, 'president', { landing: `/admin/members/${kemi.id}` });
  const instruction = page.getByRole('region', { name: 'Deduction instruction' });
  await instruction.getByRole('button', { name: 'Change instruction' }).click();
  const change = page.getByRole('dialog', { name: 'Change instruction' });
  await expect(change.getByLabel('Payroll group')).toHaveValue(group.id);
  await change.getByLabel('Savings a month (₦)').fill('25000');
  await change.getByLabel('From month').fill(month);
  await change.getByRole('button', { name: 'Change instruction' }).click();
  await expect(change).toBeHidden();
  await expect(instruction.getByRole('group', { name: 'Instruction in effect' })).toContainText(
    '₦25,000',
  );

  // 2. The month's schedule, generated (again, if another test generated it) and downloaded as
  // the CSV the import reads back.
  await page.goto(`/admin/payroll/schedule?month=${month}`);
  await page.getByRole('button', { name: /^Generate (schedule|again)$/ }).click();
  const confirm = page.getByRole('dialog', { name: /^Generate schedule:/ });
  await confirm.getByRole('button', { name: 'Generate schedule' }).click();
  await expect(confirm).toBeHidden();
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: `CSV of ${code}’s schedule` })
    .locator('visible=true')
    .first()
    .click();
  const schedule = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(schedule).toContain(`${kemi.membershipId},${month},25000`);

  // 3. The payroll office deducted ₦20,000 + ₦5,000 from Kemi (short ₦5,000), nothing from Obi
  // (missing: not in the file), and Tayo's as asked.
  const [header, ...lines] = schedule.trim().split(/\r?\n/);
  const actuals = [
    header,
    ...lines
      .filter((line) => !line.startsWith(obi.membershipId))
      .map((line) =>
        line.startsWith(kemi.membershipId)
          ? line.replace(new RegExp(`,${month},25000(\\.00)?,`), `,${month},20000,`)
          : line,
      ),
  ].join('\n');
  await page.goto('/admin/payroll');
  await page
    .getByLabel('Payroll file')
    .setInputFiles({ name: 'actuals.csv', mimeType: 'text/csv', buffer: Buffer.from(actuals) });
  const report = page.getByRole('region', { name: 'Variance report: deducted against expected' });
  const varianceOf = (member: SeededMember) =>
    report
      .getByRole('table', { name: 'Members, deducted against expected' })
      .getByRole('row', { name: new RegExp(member.name) });
  await expect(varianceOf(kemi).getByText('Short')).toBeVisible();
  await expect(varianceOf(obi).getByText('Missing')).toBeVisible();
  await expect(varianceOf(tayo).getByText('Matched')).toBeVisible();
  await expectAccessible(page);

  // 4. Post: what was deducted is recorded; Kemi and Obi are told.
  await page.getByRole('button', { name: /^Post / }).click();
  await expect(page.getByText(/Posted \d+ contributions? for /)).toBeVisible();

  // 5. Kemi sees the explanation in naira, confirms the month and disputes it.
  await signInThroughApi(page, kemi.email, SEEDED_PASSWORD);
  const explanation = `₦5,000 less than your instruction was deducted in ${monthWords(month)} (₦25,000 of ₦30,000)`;
  await expect(page.getByText(explanation).first()).toBeVisible();
  await page
    .getByRole('listitem')
    .filter({ hasText: explanation })
    .getByRole('link', { name: 'Take Action' })
    .click();
  await expect(page).toHaveURL(/\/contributions$/);
  await page.getByRole('checkbox', { name: 'Select all pending contributions' }).check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm contributions' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('1 contribution(s) confirmed successfully')).toBeVisible();
  await page
    .getByRole('button', { name: `Dispute ${monthWords(month)} contribution` })
    .first()
    .click();
  const dispute = page.getByRole('dialog', { name: 'Dispute contribution' });
  const reason = `My instruction is ₦25,000 savings; only ₦20,000 was deducted (${tag})`;
  await dispute.getByLabel('Reason for dispute').fill(reason);
  await dispute.getByRole('button', { name: 'Submit Dispute' }).click();
  await expect(page.getByText('Dispute Submitted')).toBeVisible();

  // 6. The officer resolves: the payroll office confirms ₦20,000 was deducted; the amounts stay.
  await signInAsOfficer(page, 'president', { landing: '/admin/disputes' });
  await expect(page.getByText(reason).locator('visible=true').first()).toBeVisible();
  await page
    .getByRole('button', { name: new RegExp(`Resolve ${kemi.name}`) })
    .first()
    .click();
  const resolve = page.getByRole('dialog', { name: 'Resolve dispute' });
  await resolve
    .getByLabel('Resolution note')
    .fill('The payroll office deducted ₦20,000: your raise starts next month');
  await resolve.getByRole('button', { name: 'Resolve dispute' }).click();
  await expect(page.getByText('Dispute resolved. The member was notified.')).toBeVisible();

  // 7. The employer pays the month over: ₦50,000 deducted (Kemi's ₦25,000, Tayo's ₦25,000, none
  // of Obi's), recorded on the month's row the overview links to.
  await page.goto('/admin');
  await page.getByRole('link', { name: new RegExp(`${monthWords(month)} · ${code}`) }).click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row.getByText('Not yet remitted')).toBeVisible();
  await row
    .getByRole('button', { name: `Record remittance from ${code} for ${monthWords(month)}` })
    .click();
  const remit = page.getByRole('dialog', { name: 'Record a remittance' });
  await remit.getByLabel('Bank reference').fill(`FT-${tag}`);
  await remit.getByRole('button', { name: 'Record remittance' }).click();
  await expect(page.getByText(/Remittance recorded: ₦50,000 from/)).toBeVisible();
  await expect(row.getByText('Remitted')).toBeVisible();
});
