import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceField, type ServiceChoices } from './service-field';

const SERVICES = [
  { id: 'tour-guide', name: 'Tour Guide' },
  { id: 'chef', name: 'Private Chef' },
];

function renderField(services: ServiceChoices, value = '', error?: string[]) {
  const onChange = vi.fn();
  render(
    <ServiceField id="svc" value={value} services={services} error={error} onChange={onChange} />,
  );
  const select = screen.getByLabelText<HTMLSelectElement>('Service');
  const options = [...select.options].map((o) => o.textContent);
  return { select, options, onChange };
}

describe('ServiceField', () => {
  afterEach(() => cleanup());

  it('lists the services after a prompt, and reports the chosen id', () => {
    const { select, options, onChange } = renderField(SERVICES);
    expect(options).toEqual(['Choose a service', 'Tour Guide', 'Private Chef']);
    fireEvent.change(select, { target: { value: 'chef' } });
    expect(onChange).toHaveBeenCalledWith('chef');
  });

  it('says when the list is loading or could not be loaded', () => {
    expect(renderField('loading').options).toEqual(['The services are loading…']);
    cleanup();
    expect(renderField('error').options).toEqual(['The services could not be loaded']);
  });

  it('keeps a saved service missing from the list chosen, under its id', () => {
    const { select, options } = renderField('error', 'kayak-guide');
    expect(options).toEqual(['The services could not be loaded', 'kayak-guide']);
    expect(select.value).toBe('kayak-guide');
  });

  it('links its error to the select', () => {
    const { select } = renderField(SERVICES, '', ['Choose the service of your job.']);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose the service of your job.',
    );
  });
});
