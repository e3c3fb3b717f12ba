import type { Gig } from '@wayfarer/api/schemas';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { Order } from '../api/orders';
import { OrderForm } from './order-form';

const api = vi.hoisted(() => ({ createOrder: vi.fn(), uploadAttachments: vi.fn() }));
vi.mock('../api/orders', () => api);

const usd = (amount: number) => ({ amount, currency: 'USD' });
const gig = {
  id: 'g1',
  title: 'Dakar food market morning',
  owner: { id: 'a1', tagname: 'amara', full_name: 'Amara Diallo', avatar: null },
  packages: [
    {
      tier: 'standard',
      name: 'Market and lunch',
      description: '',
      price: usd(9000),
      delivery_days: 3,
      revisions: 2,
      includes: [],
    },
    {
      tier: 'basic',
      name: 'Market walk',
      description: '',
      price: usd(5000),
      delivery_days: 2,
      revisions: 1,
      includes: ['Guide'],
    },
  ],
  extras: [{ title: 'Cooking class after', price: usd(2500), delivery_days: 1 }],
} as unknown as Gig;

const placed = { id: 'o1', status: 'pending_payment' } as Order;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function renderForm(onPlaced = vi.fn()) {
  render(
    <MemoryRouter>
      <OrderForm
        gig={gig}
        initialTier="basic"
        onPlaced={onPlaced}
        checkoutHref={(id) => `/checkout/${id}`}
      />
    </MemoryRouter>,
  );
  return onPlaced;
}

const total = () => screen.getByTestId('order-total').textContent;
const submit = () => fireEvent.submit(document.querySelector('form.order-form')!);

describe('OrderForm', () => {
  beforeEach(() => {
    api.createOrder.mockReset();
    api.uploadAttachments.mockReset();
  });
  afterEach(() => cleanup());

  it('sums the package and the extras as they are chosen', () => {
    renderForm();
    expect(screen.getByLabelText(/Basic: Market walk/)).toHaveProperty('checked', true);
    expect(total()).toBe('$50');
    expect(screen.getByText(/delivery in 2 days · 1 revision/)).toBeTruthy();

    fireEvent.click(screen.getByLabelText(/Cooking class after/));
    expect(total()).toBe('$75');
    expect(screen.getByText(/delivery in 3 days/)).toBeTruthy();

    fireEvent.click(screen.getByLabelText(/Standard: Market and lunch/));
    expect(total()).toBe('$115');
    expect(screen.getByRole('button', { name: 'Continue to payment ($115)' })).toBeTruthy();
  });

  it('places one order for two quick submissions, with one Idempotency-Key', async () => {
    let answer!: (order: Order) => void;
    api.createOrder.mockImplementation(() => new Promise<Order>((resolve) => (answer = resolve)));
    const onPlaced = renderForm();
    fireEvent.click(screen.getByLabelText(/Cooking class after/));
    fireEvent.change(screen.getByLabelText('Date of the service'), {
      target: { value: '2099-05-01' },
    });
    fireEvent.change(screen.getByLabelText('Number of travellers'), { target: { value: '2' } });
    submit();
    submit();
    await act(async () => answer(placed));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    expect(api.createOrder).toHaveBeenCalledTimes(1);
    const [input, key] = api.createOrder.mock.calls[0]!;
    expect(input).toEqual({
      gig_id: 'g1',
      tier: 'basic',
      extras: [0],
      service_date: '2099-05-01',
      service_end_date: null,
      travellers: 2,
      meeting_place: null,
      requirements: '',
    });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows the server’s field errors by their fields', async () => {
    api.createOrder.mockRejectedValue(
      new ApiError(422, 'The given data was invalid.', {
        service_date: ['Choose a date from today on.'],
      }),
    );
    renderForm();
    submit();
    expect(await screen.findByText('Choose a date from today on.')).toBeTruthy();
    expect(screen.getByLabelText('Date of the service').getAttribute('aria-invalid')).toBe('true');
  });

  it('retries only the upload when the order was placed but its files failed', async () => {
    api.createOrder.mockResolvedValue(placed);
    api.uploadAttachments
      .mockRejectedValueOnce(new ApiError(503, 'The database is unavailable.'))
      .mockResolvedValueOnce(placed);
    const onPlaced = renderForm();
    const input = screen.getByLabelText('Requirement files (optional)') as HTMLInputElement;
    const file = new File([PNG], 'passport.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByRole('button', { name: 'Remove passport.png' })).toBeTruthy();

    submit();
    expect(
      await screen.findByText(/Your order is placed, but its files could not be/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go on to pay without the files' })).toBeTruthy();
    submit();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    expect(api.createOrder).toHaveBeenCalledTimes(1);
    expect(api.uploadAttachments).toHaveBeenCalledTimes(2);
    expect(api.uploadAttachments).toHaveBeenLastCalledWith('o1', [file], expect.any(Function));
  });
});
