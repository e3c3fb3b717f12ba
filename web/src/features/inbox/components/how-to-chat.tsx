import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { isTouchDevice, newLineRule } from '../utils/composer-keys';
import './inbox.css';

/** Spec, chat layout: the "How to Chat" info modal, with this device's keys. */
export function HowToChatButton() {
  const [isOpen, setOpen] = useState(false);
  const [isTouch] = useState(isTouchDevice);
  return (
    <>
      <button
        type="button"
        className="chat-icon-button"
        aria-label="How to Chat"
        title="How to Chat"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M12 11v6M12 7.5v.5"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <Modal
        isOpen={isOpen}
        onClose={() => setOpen(false)}
        title="How to Chat"
        actions={
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Got it
          </button>
        }
      >
        <p data-testid="how-to-chat-rules">
          The chat system is based on Markdown; {newLineRule(isTouch)}, *text* or _text_ for italic,
          **text** for bold, ***text*** for bold italic.
        </p>
        <table className="how-to-chat">
          <caption className="visually-hidden">Markdown examples</caption>
          <thead>
            <tr>
              <th scope="col">You write</th>
              <th scope="col">They see</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>*text*</code> or <code>_text_</code>
              </td>
              <td>
                <em>text</em>
              </td>
            </tr>
            <tr>
              <td>
                <code>**text**</code>
              </td>
              <td>
                <strong>text</strong>
              </td>
            </tr>
            <tr>
              <td>
                <code>***text***</code>
              </td>
              <td>
                <strong>
                  <em>text</em>
                </strong>
              </td>
            </tr>
            <tr>
              <td>
                <code>[site](https://example.com)</code>
              </td>
              <td>
                <span className="how-to-chat-link">site</span> (a link)
              </td>
            </tr>
          </tbody>
        </table>
      </Modal>
    </>
  );
}
