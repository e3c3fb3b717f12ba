import { Field } from './render-field';

/** The services to choose from, or where their list stands. */
export type ServiceChoices = { id: string; name: string }[] | 'loading' | 'error';

export interface ServiceFieldProps {
  id: string;
  value: string;
  services: ServiceChoices;
  error?: string[];
  onChange: (serviceId: string) => void;
}

/**
 * The Service select of the gig and job forms: the first option says whether the list is
 * loading or could not be loaded, and a saved service missing from the list (removed since, or
 * the list not loaded) stays chosen under its id.
 */
export function ServiceField({ id, value, services, error, onChange }: ServiceFieldProps) {
  const options = Array.isArray(services) ? services : [];
  return (
    <Field id={id} label="Service" error={error}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">
            {services === 'loading'
              ? 'The services are loading…'
              : services === 'error'
                ? 'The services could not be loaded'
                : 'Choose a service'}
          </option>
          {value && !options.some((s) => s.id === value) && <option value={value}>{value}</option>}
          {options.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
