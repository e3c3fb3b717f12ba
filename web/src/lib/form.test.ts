import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, GENERIC_ERROR_MESSAGE, INPUT_ERROR_MESSAGE } from './api-client';
import { errorAlertFor, formReducer, initialFormState, useForm, type FormState } from './form';

type Values = { email: string; password: string };
const start = (): FormState<Values> => initialFormState({ email: '', password: '' });
const invalid = new ApiError(422, 'The given data was invalid.', {
  email: ['These credentials do not match our records.'],
  token: ['This reset link is invalid.'],
});

describe('formReducer (spec section 4)', () => {
  it('start clears errors, sets busy and not successful', () => {
    const failed = formReducer(start(), { type: 'failure', error: invalid });
    const succeeded = formReducer(start(), { type: 'success', message: 'Done.' });
    for (const before of [failed, succeeded]) {
      const state = formReducer(before, { type: 'start' });
      expect(state).toMatchObject({ errors: {}, message: null, isBusy: true, isSuccessful: false });
      expect(state.successMessage).toBeNull();
    }
  });

  it('success ends busy and sets successful', () => {
    const state = formReducer(formReducer(start(), { type: 'start' }), {
      type: 'success',
      message: 'Saved.',
    });
    expect(state).toMatchObject({ isBusy: false, isSuccessful: true, successMessage: 'Saved.' });
  });

  it('failure ends busy and loads field errors, or the message when there are none', () => {
    const busy = formReducer(start(), { type: 'start' });
    expect(formReducer(busy, { type: 'failure', error: invalid })).toMatchObject({
      isBusy: false,
      isSuccessful: false,
      errors: invalid.errors,
      message: null,
    });
    const forbidden = new ApiError(403, 'Your account is suspended.');
    expect(formReducer(busy, { type: 'failure', error: forbidden })).toMatchObject({
      errors: {},
      message: 'Your account is suspended.',
    });
    expect(formReducer(busy, { type: 'failure', error: new TypeError('boom') })).toMatchObject({
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it("typing in a field clears that field's error only", () => {
    const failed = formReducer(start(), { type: 'failure', error: invalid });
    const state = formReducer(failed, { type: 'change', name: 'email', value: 'a@b.test' });
    expect(state.values.email).toBe('a@b.test');
    expect(state.errors).toEqual({ token: ['This reset link is invalid.'] });
    const untouched = formReducer(state, { type: 'change', name: 'password', value: 'x' });
    expect(untouched.errors).toBe(state.errors);
  });

  it('dismissing clears the errors', () => {
    const failed = formReducer(start(), { type: 'failure', error: invalid });
    expect(formReducer(failed, { type: 'dismiss' })).toMatchObject({ errors: {}, message: null });
  });
});

describe('errorAlertFor (spec section 8)', () => {
  const fields = ['email', 'password'];

  it('says nothing when there is nothing wrong', () => {
    expect(errorAlertFor({ errors: {}, message: null }, fields)).toBeNull();
  });

  it('has the default text for field errors and lists those of fields the form lacks', () => {
    expect(errorAlertFor({ errors: invalid.errors, message: null }, fields)).toEqual({
      title: INPUT_ERROR_MESSAGE,
      details: ['This reset link is invalid.'],
    });
    expect(INPUT_ERROR_MESSAGE).toBe('There were some problems with your input.');
    expect(errorAlertFor({ errors: { email: ['Taken.'] }, message: null }, fields)).toEqual({
      title: INPUT_ERROR_MESSAGE,
      details: [],
    });
  });

  it('shows a message that came without field errors', () => {
    expect(errorAlertFor({ errors: {}, message: 'Too many attempts.' }, fields)).toEqual({
      title: 'Too many attempts.',
      details: [],
    });
  });
});

describe('useForm', () => {
  it('submits the values, then reports success and calls onSuccess', async () => {
    const onSubmit = vi.fn(async (values: Values) => ({ message: `Hello ${values.email}` }));
    const onSuccess = vi.fn();
    const { result } = renderHook(() =>
      useForm({
        initialValues: { email: '', password: '' },
        onSubmit,
        onSuccess,
        successMessage: (r) => r.message,
        resetOnSuccess: (v) => ({ ...v, password: '' }),
      }),
    );
    act(() => result.current.field('email').onChange('ana@wayfarer.test'));
    act(() => result.current.setValue('password', 'secret-password'));
    let submitting!: Promise<void>;
    act(() => {
      submitting = result.current.submit();
    });
    expect(result.current.isBusy).toBe(true);
    await act(() => submitting);
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'ana@wayfarer.test',
      password: 'secret-password',
    });
    expect(result.current.isBusy).toBe(false);
    expect(result.current.isSuccessful).toBe(true);
    expect(result.current.state.successMessage).toBe('Hello ana@wayfarer.test');
    expect(result.current.values.password).toBe('');
    expect(onSuccess).toHaveBeenCalledWith(
      { message: 'Hello ana@wayfarer.test' },
      expect.anything(),
    );
  });

  it('loads the errors by field, links them by id, and clears one by typing', async () => {
    const { result } = renderHook(() =>
      useForm({
        initialValues: { email: '', password: '' },
        onSubmit: async () => {
          throw invalid;
        },
      }),
    );
    await act(() => result.current.submit());
    const email = result.current.field('email');
    expect(email.error).toBe('These credentials do not match our records.');
    expect(email.errorId).toMatch(/-email-error$/);
    expect(email.id).not.toBe(result.current.field('password').id);
    expect(result.current.errorAlert).toEqual({
      title: INPUT_ERROR_MESSAGE,
      details: ['This reset link is invalid.'],
    });
    act(() => email.onChange('x'));
    expect(result.current.field('email').error).toBeUndefined();
    act(() => result.current.dismissErrors());
    expect(result.current.errorAlert).toBeNull();
  });

  it('ignores a second submit while busy', async () => {
    let release!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { result } = renderHook(() => useForm({ initialValues: { a: '' }, onSubmit }));
    let first!: Promise<void>;
    act(() => {
      first = result.current.submit();
    });
    await act(() => result.current.submit());
    release();
    await act(() => first);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('prevents the browser submit', async () => {
    const { result } = renderHook(() =>
      useForm({ initialValues: {}, onSubmit: async () => undefined }),
    );
    const event = { preventDefault: vi.fn() };
    await act(() => result.current.submit(event as never));
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
