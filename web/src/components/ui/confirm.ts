// The confirmation before an action that cannot be undone (admin actions, removing a party
// member...): ask, run, then close or say what failed.
// A pure state machine, so the flow is tested without a browser; `useConfirm` drives it.
import type { ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  /** What will happen, in a sentence or two. */
  body: ReactNode;
  /** The button that goes ahead ("Suspend user"). */
  confirmLabel: string;
  /** Destructive actions get a red button. */
  tone?: 'danger' | 'default';
  /** The action; throw (an ApiError) to keep the dialog open with the error shown. */
  run: () => Promise<unknown>;
  /** The snackbar text after success. */
  successMessage?: string;
  /** After success, once the dialog is closed (reload what changed). */
  onDone?: () => void;
}

export type ConfirmState =
  | { status: 'closed' }
  | { status: 'asking'; request: ConfirmRequest; error: string | null }
  | { status: 'running'; request: ConfirmRequest };

export type ConfirmAction =
  | { type: 'ask'; request: ConfirmRequest }
  | { type: 'start' }
  | { type: 'fail'; message: string }
  | { type: 'done' }
  | { type: 'cancel' };

export const CLOSED: ConfirmState = { status: 'closed' };

export function confirmReducer(state: ConfirmState, action: ConfirmAction): ConfirmState {
  switch (action.type) {
    case 'ask':
      // One question at a time: a running action is not replaced.
      return state.status === 'running'
        ? state
        : { status: 'asking', request: action.request, error: null };
    case 'start':
      return state.status === 'asking' ? { status: 'running', request: state.request } : state;
    case 'fail':
      return state.status === 'running'
        ? { status: 'asking', request: state.request, error: action.message }
        : state;
    case 'done':
      return state.status === 'running' ? CLOSED : state;
    case 'cancel':
      // The action is on its way to the server; closing would hide how it ended.
      return state.status === 'running' ? state : CLOSED;
  }
}
