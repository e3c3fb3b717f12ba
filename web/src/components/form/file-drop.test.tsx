import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { opened, ScriptedXhr } from '@/testing/scripted-xhr';
import { FileDrop, type FileDropProps } from './file-drop';
import { UploadProgressBar, useUploadProgress } from './upload-progress-bar';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (name: string) => new File([PNG], name, { type: 'image/png' });
const pdf = (name: string, size = 9) =>
  new File([`%PDF-1.4\n${'x'.repeat(Math.max(0, size - 9))}`], name, {
    type: 'application/pdf',
  });

/** A form's state around the field, as the forms hold it. */
function Field(props: Partial<FileDropProps> & { onFiles?: (files: File[]) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const set = (next: File[]) => {
    setFiles(next);
    props.onFiles?.(next);
  };
  return (
    <FileDrop
      label="Delivery files"
      hint="PNG or PDF, each at most 1 KB."
      accept="image/png,application/pdf"
      files={files}
      onAdd={(added) => set(props.multiple ? [...files, ...added] : added)}
      onRemove={(index) => set(files.filter((_, i) => i !== index))}
      {...props}
    />
  );
}

const input = () => screen.getByLabelText('Delivery files') as HTMLInputElement;
const zone = () => screen.getByTestId('file-drop');
const drop = (files: File[], type: 'dragEnter' | 'drop' = 'drop') =>
  fireEvent[type](zone(), { dataTransfer: { files, types: ['Files'], dropEffect: 'none' } });

describe('FileDrop', () => {
  const made: string[] = [];
  const revoked: string[] = [];
  beforeEach(() => {
    made.length = 0;
    revoked.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      made.push(`blob:preview-${made.length + 1}`);
      return made[made.length - 1]!;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is a labelled file input with a Choose button that opens it, described by its hint', () => {
    render(<Field />);
    expect(input().type).toBe('file');
    expect(input().accept).toBe('image/png,application/pdf');
    const button = screen.getByRole('button', { name: 'Choose a file' });
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('PNG or PDF, each at most 1 KB.');
    const click = vi.spyOn(input(), 'click');
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('lists a chosen document by its name and size, and a chosen image with its preview', async () => {
    const onFiles = vi.fn();
    render(<Field multiple onFiles={onFiles} />);
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
    fireEvent.change(input(), { target: { files: [pdf('tickets.pdf', 2048), png('map.png')] } });
    const list = await screen.findByRole('list', { name: 'Chosen files' });
    expect(list.textContent).toContain('tickets.pdf');
    expect(list.textContent).toContain('2 KB');
    const preview = await screen.findByRole('img', { name: 'Preview of map.png' });
    expect(preview.getAttribute('src')).toBe('blob:preview-1');
    expect(onFiles).toHaveBeenLastCalledWith([expect.any(File), expect.any(File)]);
    // The input is emptied, so choosing the same file again is a change.
    expect(input().value).toBe('');
  });

  it('takes dropped files and lights up while a file is dragged over it', async () => {
    render(<Field multiple />);
    drop([png('tram.png')], 'dragEnter');
    expect(zone().hasAttribute('data-dragging')).toBe(true);
    fireEvent.dragLeave(zone());
    expect(zone().hasAttribute('data-dragging')).toBe(false);
    drop([png('tram.png')], 'dragEnter');
    drop([png('tram.png')]);
    expect(zone().hasAttribute('data-dragging')).toBe(false);
    expect(await screen.findByRole('img', { name: 'Preview of tram.png' })).toBeTruthy();
  });

  it('refuses what its check refuses, with a field error, and keeps the rest', async () => {
    const check = async (file: File) => (file.size > 1024 ? `${file.name} is too large.` : null);
    render(<Field multiple check={check} />);
    drop([pdf('huge.pdf', 4096), pdf('small.pdf')]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('huge.pdf is too large.');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toContain(alert.id);
    expect(zone().hasAttribute('data-invalid')).toBe(true);
    expect(screen.getByRole('list', { name: 'Chosen files' }).textContent).toContain('small.pdf');
    expect(screen.queryByText('huge.pdf')).toBeNull();
  });

  it('leaves out files beyond maxFiles, saying so', async () => {
    render(<Field multiple maxFiles={2} />);
    fireEvent.change(input(), { target: { files: [pdf('1.pdf'), pdf('2.pdf'), pdf('3.pdf')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      '3.pdf was left out: at most 2 files.',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('with one file, a new choice replaces it and its preview URL is revoked', async () => {
    render(<Field />);
    fireEvent.change(input(), { target: { files: [png('first.png')] } });
    await screen.findByRole('img', { name: 'Preview of first.png' });
    fireEvent.change(input(), { target: { files: [png('second.png')] } });
    await screen.findByRole('img', { name: 'Preview of second.png' });
    expect(screen.queryByText('first.png')).toBeNull();
    expect(revoked).toEqual(['blob:preview-1']);
  });

  it('removes a file, revokes its preview and brings focus back to the button', async () => {
    render(<Field multiple />);
    fireEvent.change(input(), { target: { files: [png('a.png'), pdf('b.pdf')] } });
    await screen.findByRole('img', { name: 'Preview of a.png' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByText('a.png')).toBeNull();
    expect(screen.getByRole('listitem').textContent).toContain('b.pdf');
    expect(revoked).toEqual(['blob:preview-1']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose files' }));
  });

  it('shows errors from the form, and takes nothing while disabled', () => {
    const onAdd = vi.fn();
    render(
      <FileDrop
        label="Delivery files"
        hint="PNG or PDF."
        files={[]}
        onAdd={onAdd}
        errors={['The server refused it.']}
        disabled
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The server refused it.');
    expect((screen.getByRole('button', { name: 'Choose a file' }) as HTMLButtonElement).disabled);
    drop([png('late.png')]);
    expect(onAdd).not.toHaveBeenCalled();
  });
});

describe('upload progress', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a bar with the percentage, and moving stripes while the total is unknown', () => {
    const { rerender } = render(
      <UploadProgressBar progress={{ loaded: 0, total: null }} label="Uploading cv.pdf" />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Uploading cv.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(bar.hasAttribute('data-indeterminate')).toBe(true);
    rerender(
      <UploadProgressBar progress={{ loaded: 512, total: 2048 }} label="Uploading cv.pdf" />,
    );
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Uploading cv.pdf: 25%')).toBeTruthy();
  });

  it('useUploadProgress sends through XHR, shows its progress, and nothing once it settles', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    const body = new FormData();
    function Upload() {
      const upload = useUploadProgress();
      return (
        <>
          <button
            type="button"
            onClick={() => void upload.track((send) => api.post('/user/cv', body, { send }))}
          >
            Upload
          </button>
          {upload.progress && <UploadProgressBar progress={upload.progress} />}
        </>
      );
    }
    render(<Upload />);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    const xhr = await opened();
    act(() => xhr.progress(40, 100));
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    act(() => xhr.respond(200, '{}'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
