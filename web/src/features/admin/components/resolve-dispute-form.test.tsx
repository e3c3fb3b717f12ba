import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fixtures';
import { signedInForEachTest } from '@/testing/signed-in';
import type { Order } from '../types';
import { ResolveDisputeForm } from './resolve-dispute-form';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const party = (id: string, full_name: string) => ({ id, full_name, tagname: null, avatar: null });

/** A disputed order: only what the form reads is filled in. */
const ORDER = {
  id: 'o1',
  status: 'disputed',
  total: usd(7500),
  fee: usd(750),
  agent_earnings: usd(6750),
  refunded: usd(0),
  customer: party('c1', 'Sofia Marquez'),
  agent: party('a1', 'Amara Diallo'),
} as Order;

function renderForm() {
  const onResolved = vi.fn();
  const onStale = vi.fn();
  render(<ResolveDisputeForm order={ORDER} onResolved={onResolved} onStale={onStale} />);
  return { onResolved, onStale };
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Resolve dispute' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('<ResolveDisputeForm>', () => {
  signedInForEachTest();

  it('checks the amount in dollars against the total before anything is sent', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    submit();
    await screen.findByText('Choose an outcome: complete the order or refund.');
    fireEvent.click(screen.getByLabelText(/Refund the customer/));
    fireEvent.click(screen.getByLabelText(/Partial refund/));
    type('Refund amount (USD)', '80');
    type('Note to both parties', 'Half of it.');
    submit();
    await screen.findByText("The refund is at most the order's total, $75.");
    const amount = screen.getByLabelText('Refund amount (USD)');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks once more with what happens to the money, then sends cents', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json(200, { order: { ...ORDER, status: 'completed', refunded: usd(2550) } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onResolved } = renderForm();
    fireEvent.click(screen.getByLabelText(/Refund the customer/));
    fireEvent.click(screen.getByLabelText(/Partial refund/));
    type('Refund amount (USD)', '25.50');
    type('Note to both parties', '  Half a day was lost. ');
    submit();
    const dialog = screen.getByRole('dialog', { name: 'Resolve this dispute?' });
    expect(dialog.textContent).toContain(
      'Sofia Marquez gets $25.50 back, and Amara Diallo is paid the other $49.50',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and resolve' }));
    await waitFor(() => expect(onResolved).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/admin/disputes/o1/resolve');
    expect(JSON.parse(String(init?.body))).toEqual({
      outcome: 'refund',
      refund_amount: 2550,
      note: 'Half a day was lost.',
    });
  });

  it("shows the server's field errors by their fields, and reloads a dispute resolved elsewhere", async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        json(422, {
          message: 'The given data was invalid.',
          errors: { note: ['Write a note both parties will see (at least 5 characters).'] },
        }),
      )
      .mockResolvedValueOnce(json(409, { message: 'Resolving is not possible now.' }));
    vi.stubGlobal('fetch', fetchMock);
    const { onResolved, onStale } = renderForm();
    fireEvent.click(screen.getByLabelText(/Complete the order/));
    type('Note to both parties', 'Delivered as agreed.');
    submit();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and resolve' }));
    await screen.findByText('Write a note both parties will see (at least 5 characters).');
    expect(screen.getByLabelText('Note to both parties').getAttribute('aria-invalid')).toBe('true');

    submit();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and resolve' }));
    await screen.findByText('Resolving is not possible now.');
    expect(onStale).toHaveBeenCalledTimes(1);
    expect(onResolved).not.toHaveBeenCalled();
  });
});
