import { CSV_MESSAGES } from '@coop/shared/csv-upload-rules';
import { PAYROLL_COLUMNS, PAYROLL_OPTIONAL_COLUMNS } from '@coop/shared/payroll-rules';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CsvFilePicker } from './csv-file-picker';

describe('CsvFilePicker', () => {
  it('names the header to use, with the optional columns after it', () => {
    render(
      <CsvFilePicker
        label="Payroll file"
        columns={PAYROLL_COLUMNS}
        optionalColumns={PAYROLL_OPTIONAL_COLUMNS}
        onChosen={vi.fn()}
      />,
    );
    const hint = screen.getByLabelText('Payroll file').getAttribute('aria-describedby');
    expect(document.getElementById(hint ?? '')?.textContent).toBe(
      'UTF-8 CSV, at most 10 MB, with the header membershipId,month,savings,shares (optionally followed by repayment)',
    );
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const onChosen = vi.fn();
    render(<CsvFilePicker label="Members file" columns={['email']} onChosen={onChosen} />);
    const big = new File(['x'], 'members.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await userEvent.upload(screen.getByLabelText('Members file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(CSV_MESSAGES.tooLarge);
    expect(onChosen).not.toHaveBeenCalled();
  });
});
