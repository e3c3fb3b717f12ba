import { describe, expect, it } from 'vitest';
import { composerKeyAction, newLineRule, type ComposerKey } from './composer-keys';

const key = (overrides: Partial<ComposerKey> = {}): ComposerKey => ({
  key: 'Enter',
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isComposing: false,
  ...overrides,
});

describe('composer keys', () => {
  it('with a keyboard: Enter sends, Shift+Enter breaks the line', () => {
    expect(composerKeyAction(key(), false)).toBe('send');
    expect(composerKeyAction(key({ shiftKey: true }), false)).toBe('newline');
    expect(composerKeyAction(key({ ctrlKey: true }), false)).toBe('send');
    expect(composerKeyAction(key({ metaKey: true }), false)).toBe('send');
    expect(composerKeyAction(key({ key: 'a' }), false)).toBe('default');
  });

  it('on a touch screen: Enter breaks the line, the Send button sends', () => {
    expect(composerKeyAction(key(), true)).toBe('newline');
    expect(composerKeyAction(key({ ctrlKey: true }), true)).toBe('send');
  });

  it('never sends while an input method is composing a word', () => {
    expect(composerKeyAction(key({ isComposing: true }), false)).toBe('default');
  });

  it('says in How to Chat what the keys do on this device', () => {
    expect(newLineRule(false)).toBe('press Shift+Enter twice for a new line (Enter sends)');
    expect(newLineRule(true)).toBe('press Enter twice for a new line (the Send button sends)');
  });
});
