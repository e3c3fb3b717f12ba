// One form hook for every form (spec sections 4, 5 and 8). Submission: start clears errors, sets
// busy and not successful; success ends busy and sets successful; failure ends busy and loads
// the errors. Errors show by their field; typing in a field clears that field's error; errors
// for fields the form does not have, and a message without field errors, go to the alert.
import { useCallback, useId, useMemo, useReducer, useRef, type FormEvent } from 'react';
import {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  INPUT_ERROR_MESSAGE,
  type FieldErrors,
} from './api-client';

export interface FormState<V> {
  values: V;
  /** Server field errors by field name (any name, not only this form's). */
  errors: FieldErrors;
  /** A general error: the server's message when it sent no field errors. */
  message: string | null;
  isBusy: boolean;
  isSuccessful: boolean;
  /** What the success alert says. */
  successMessage: string | null;
}

export type FormAction<V> =
  | { type: 'change'; name: keyof V & string; value: V[keyof V] }
  | { type: 'start' }
  | { type: 'success'; message?: string | null; values?: V }
  | { type: 'failure'; error: unknown }
  | { type: 'dismiss' }
  | { type: 'dismissSuccess' };

export function initialFormState<V>(values: V): FormState<V> {
  return {
    values,
    errors: {},
    message: null,
    isBusy: false,
    isSuccessful: false,
    successMessage: null,
  };
}

/** What a failure puts in the form: an ApiError's field errors and message, or the generic text. */
function errorsFrom(error: unknown): Pick<FormState<unknown>, 'errors' | 'message'> {
  if (!(error instanceof ApiError)) return { errors: {}, message: GENERIC_ERROR_MESSAGE };
  const hasFieldErrors = Object.keys(error.errors).length > 0;
  return { errors: error.errors, message: hasFieldErrors ? null : error.message };
}

export function formReducer<V>(state: FormState<V>, action: FormAction<V>): FormState<V> {
  switch (action.type) {
    case 'change': {
      const values = { ...state.values, [action.name]: action.value };
      if (!(action.name in state.errors)) return { ...state, values };
      const { [action.name]: _cleared, ...errors } = state.errors;
      return { ...state, values, errors };
    }
    case 'start':
      return {
        ...state,
        errors: {},
        message: null,
        isBusy: true,
        isSuccessful: false,
        successMessage: null,
      };
    case 'success':
      return {
        ...state,
        values: action.values ?? state.values,
        isBusy: false,
        isSuccessful: true,
        successMessage: action.message ?? null,
      };
    case 'failure':
      return { ...state, ...errorsFrom(action.error), isBusy: false };
    case 'dismiss':
      return { ...state, errors: {}, message: null };
    case 'dismissSuccess':
      return { ...state, isSuccessful: false, successMessage: null };
  }
}

export interface AlertContent {
  /** The alert's headline: the general message, or the spec's default text. */
  title: string;
  /** Sentences for fields this form does not show. */
  details: string[];
}

/** The error alert for `state`, or null when there is nothing to say. */
export function errorAlertFor(
  state: Pick<FormState<unknown>, 'errors' | 'message'>,
  fieldNames: readonly string[],
): AlertContent | null {
  const fieldErrorNames = Object.keys(state.errors);
  if (state.message === null && fieldErrorNames.length === 0) return null;
  const details = fieldErrorNames
    .filter((name) => !fieldNames.includes(name))
    .flatMap((name) => state.errors[name] ?? []);
  return { title: state.message ?? INPUT_ERROR_MESSAGE, details };
}

/** What a field component needs: value, change handler, error and the ids that link them. */
export interface FieldBinding<T> {
  id: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  /** The field's first error sentence, if any. */
  error: string | undefined;
  errorId: string;
  hintId: string;
}

export interface UseFormOptions<V, R> {
  initialValues: V;
  /** Sends the form; throw (an ApiError) to fail. */
  onSubmit: (values: V) => Promise<R>;
  /** After success: navigate, update stores. */
  onSuccess?: (result: R, values: V) => void;
  /** The success alert's text, from the result (a server `message`) or fixed. */
  successMessage?: string | ((result: R) => string | null | undefined);
  /** Values after success (clear password fields). */
  resetOnSuccess?: (values: V) => V;
}

export interface UseFormResult<V> {
  state: FormState<V>;
  values: V;
  isBusy: boolean;
  isSuccessful: boolean;
  setValue: <K extends keyof V & string>(name: K, value: V[K]) => void;
  field: <K extends keyof V & string>(name: K) => FieldBinding<V[K]>;
  /** Submit handler for `<form onSubmit>`; also callable without an event. */
  submit: (event?: FormEvent) => Promise<void>;
  errorAlert: AlertContent | null;
  dismissErrors: () => void;
  dismissSuccess: () => void;
}

export function useForm<V extends object, R = unknown>(
  options: UseFormOptions<V, R>,
): UseFormResult<V> {
  const [state, dispatch] = useReducer(formReducer<V>, options.initialValues, initialFormState<V>);
  const formId = useId();
  // The latest options and values, read when a submission starts (handlers stay stable).
  const latest = useRef({ options, values: state.values });
  latest.current = { options, values: state.values };
  const isBusyRef = useRef(false);

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    dispatch({ type: 'change', name, value });
  }, []);

  const submit = useCallback(async (event?: FormEvent) => {
    event?.preventDefault();
    if (isBusyRef.current) return;
    const { options: current, values } = latest.current;
    isBusyRef.current = true;
    dispatch({ type: 'start' });
    let result: R;
    try {
      result = await current.onSubmit(values);
    } catch (error) {
      isBusyRef.current = false;
      if (!(error instanceof ApiError)) console.error('Form submission failed', error);
      dispatch({ type: 'failure', error });
      return;
    }
    isBusyRef.current = false;
    const text =
      typeof current.successMessage === 'function'
        ? current.successMessage(result)
        : current.successMessage;
    dispatch({
      type: 'success',
      message: text ?? null,
      values: current.resetOnSuccess?.(values),
    });
    current.onSuccess?.(result, values);
  }, []);

  const fieldNames = useMemo(() => Object.keys(options.initialValues), [options.initialValues]);

  const field = <K extends keyof V & string>(name: K): FieldBinding<V[K]> => ({
    id: `${formId}-${name}`,
    name,
    value: state.values[name],
    onChange: (value: V[K]) => setValue(name, value),
    error: state.errors[name]?.[0],
    errorId: `${formId}-${name}-error`,
    hintId: `${formId}-${name}-hint`,
  });

  return {
    state,
    values: state.values,
    isBusy: state.isBusy,
    isSuccessful: state.isSuccessful,
    setValue,
    field,
    submit,
    errorAlert: errorAlertFor(state, fieldNames),
    dismissErrors: useCallback(() => dispatch({ type: 'dismiss' }), []),
    dismissSuccess: useCallback(() => dispatch({ type: 'dismissSuccess' }), []),
  };
}
