import { useCallback, useReducer, useRef, type ReactNode } from 'react';
import { notify } from '@/stores/notification';
import { ConfirmDialog } from './confirm-dialog';
import { CLOSED, confirmReducer, type ConfirmRequest } from './confirm';
import { errorMessageOf } from '@/lib/error-message';

export interface UseConfirmResult {
  /** Opens the confirmation for `request`; its action runs only when confirmed. */
  ask: (request: ConfirmRequest) => void;
  /** Render once in the screen. */
  dialog: ReactNode;
}

/** An action that asks first, then runs, then says how it went. */
export function useConfirm(): UseConfirmResult {
  const [state, dispatch] = useReducer(confirmReducer, CLOSED);
  const stateRef = useRef(state);
  stateRef.current = state;

  const ask = useCallback((request: ConfirmRequest) => dispatch({ type: 'ask', request }), []);

  const confirm = useCallback(async () => {
    const current = stateRef.current;
    if (current.status !== 'asking') return;
    const { request } = current;
    dispatch({ type: 'start' });
    try {
      await request.run();
    } catch (error) {
      dispatch({ type: 'fail', message: errorMessageOf(error) });
      return;
    }
    dispatch({ type: 'done' });
    if (request.successMessage) notify(request.successMessage);
    request.onDone?.();
  }, []);

  const dialog = (
    <ConfirmDialog
      state={state}
      onConfirm={() => void confirm()}
      onCancel={() => dispatch({ type: 'cancel' })}
    />
  );
  return { ask, dialog };
}
