// The composer's keys. Messages are Markdown, where one line break inside a paragraph is only a
// space and a blank line starts a new line (a new paragraph): so a new line takes two presses of
// the line-break key, as "How to Chat" says.
//
// - Keyboard devices: Enter sends; Shift+Enter inserts a line break (twice: a new line).
// - Touch devices (on-screen keyboard, no Shift): Enter inserts a line break (twice: a new line)
//   and the Send button sends.
// - Everywhere: Ctrl+Enter or Cmd+Enter sends; Enter while an input method is composing a word
//   (Japanese, Chinese ...) only confirms the word.

export type ComposerKeyAction = 'send' | 'newline' | 'default';

export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing: boolean;
}

export function composerKeyAction(event: ComposerKey, isTouch: boolean): ComposerKeyAction {
  if (event.key !== 'Enter' || event.isComposing) return 'default';
  if (event.ctrlKey || event.metaKey) return 'send';
  if (event.altKey) return 'default';
  if (isTouch || event.shiftKey) return 'newline';
  return 'send';
}

/** The "How to Chat" line about new lines, true for this device's keys. */
export function newLineRule(isTouch: boolean): string {
  return isTouch
    ? 'press Enter twice for a new line (the Send button sends)'
    : 'press Shift+Enter twice for a new line (Enter sends)';
}

/** Whether this device's main pointer is a finger (an on-screen keyboard, no Shift+Enter). */
export function isTouchDevice(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;
}
