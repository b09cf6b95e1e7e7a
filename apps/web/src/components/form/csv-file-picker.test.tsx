import { CSV_MESSAGES } from '@coop/shared/csv-upload-rules';
import { PAYROLL_FILE_HEADERS } from '@coop/shared/payroll-rules';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CsvFilePicker } from './csv-file-picker';

describe('CsvFilePicker', () => {
  it('names the header to use, with the optional columns after it', () => {
    render(
      <CsvFilePicker
        label="Members file"
        headers={[{ columns: ['email', 'firstName'], optional: ['phone'] }]}
        onChosen={vi.fn()}
      />,
    );
    const hint = screen.getByLabelText('Members file').getAttribute('aria-describedby');
    expect(document.getElementById(hint ?? '')?.textContent).toBe(
      'UTF-8 CSV, at most 10 MB, with the header email,firstName (optionally followed by phone)',
    );
  });

  it("lists every header a payroll month's file may have", () => {
    render(
      <CsvFilePicker label="Payroll file" headers={PAYROLL_FILE_HEADERS} onChosen={vi.fn()} />,
    );
    const hint = screen.getByLabelText('Payroll file').getAttribute('aria-describedby');
    const described = document.getElementById(hint ?? '');
    expect(described?.querySelector('p')?.textContent).toBe(
      'UTF-8 CSV, at most 10 MB, with one of these headers:',
    );
    expect([...(described?.querySelectorAll('li') ?? [])].map((item) => item.textContent)).toEqual([
      'membershipId,month,savings,shares,repayment,fines,payrollGroup,staffNumber,memberName',
      'membershipId,month,deducted (optionally followed by payrollGroup,staffNumber,memberName)',
      'membershipId,month,savings,shares (optionally followed by repayment)',
    ]);
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const onChosen = vi.fn();
    render(
      <CsvFilePicker label="Members file" headers={[{ columns: ['email'] }]} onChosen={onChosen} />,
    );
    const big = new File(['x'], 'members.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await userEvent.upload(screen.getByLabelText('Members file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(CSV_MESSAGES.tooLarge);
    expect(onChosen).not.toHaveBeenCalled();
  });
});
