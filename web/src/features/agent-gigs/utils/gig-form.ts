// The Create a Gig form's values: plain strings and booleans, so a draft (JSON in the user's
// database) holds exactly what was typed, and conversion to the API's shape happens at submit.
import { fromMinorUnits, toMinorUnits } from '@/lib/money';
import { GIG_TIERS, gigFieldsSchema, type Gig, type GigFields } from '@wayfarer/api/schemas/gigs';

export type Tier = (typeof GIG_TIERS)[number];
export const TIERS: readonly Tier[] = GIG_TIERS;
export const TIER_LABELS: Record<Tier, string> = {
  basic: 'Basic',
  standard: 'Standard',
  premium: 'Premium',
};

export interface PackageValues {
  enabled: boolean;
  name: string;
  description: string;
  /** In dollars as typed: "45" or "45.50". */
  price: string;
  delivery_days: string;
  revisions: string;
  /** What's included, one item per line. */
  includes: string;
}

export interface ExtraValues {
  title: string;
  price: string;
  delivery_days: string;
}

export interface GigFormValues {
  title: string;
  service_id: string;
  description: string;
  location: string;
  /** Comma-separated. */
  destinations: string;
  /** Comma-separated. */
  languages: string;
  basic: PackageValues;
  standard: PackageValues;
  premium: PackageValues;
  extras: ExtraValues[];
  /** Images of the gig on the server that stay (editing); new ones live in the image draft. */
  kept_images: string[];
  /** Set once the gig exists on the server (a publish that stopped half-way continues it). */
  gig_id: string;
}

const emptyPackage = (tier: Tier): PackageValues => ({
  enabled: tier === 'basic',
  name: TIER_LABELS[tier],
  description: '',
  price: '',
  delivery_days: '',
  revisions: '1',
  includes: '',
});

export function emptyGigValues(): GigFormValues {
  return {
    title: '',
    service_id: '',
    description: '',
    location: '',
    destinations: '',
    languages: '',
    basic: emptyPackage('basic'),
    standard: emptyPackage('standard'),
    premium: emptyPackage('premium'),
    extras: [],
    kept_images: [],
    gig_id: '',
  };
}

/** The form's values for an existing gig (the edit page). */
export function valuesFromGig(gig: Gig): GigFormValues {
  const values = emptyGigValues();
  for (const tier of TIERS) {
    const pkg = gig.packages.find((p) => p.tier === tier);
    values[tier] = pkg
      ? {
          enabled: true,
          name: pkg.name,
          description: pkg.description,
          price: fromMinorUnits(pkg.price.amount, 'USD', true),
          delivery_days: String(pkg.delivery_days),
          revisions: String(pkg.revisions),
          includes: pkg.includes.join('\n'),
        }
      : { ...emptyPackage(tier), enabled: false };
  }
  return {
    ...values,
    title: gig.title,
    service_id: gig.service_id,
    description: gig.description,
    location: gig.location ?? '',
    destinations: gig.destinations.join(', '),
    languages: gig.languages.join(', '),
    extras: gig.extras.map((extra) => ({
      title: extra.title,
      price: fromMinorUnits(extra.price.amount, 'USD', true),
      delivery_days: String(extra.delivery_days),
    })),
    kept_images: [...gig.images],
    gig_id: gig.id,
  };
}

/** "Lisbon, Porto,, lisbon" → ["Lisbon", "Porto"]: trimmed, duplicates (any case) dropped. */
function splitList(text: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      items.push(item);
    }
  }
  return items;
}

/**
 * "45", "45.5", "45.50", "1,200" → cents; NaN for anything else (the schema then says what is
 * wrong), so a typo is never sent as a different price.
 */
export const toCents = (text: string): number => toMinorUnits(text) ?? Number.NaN;

const toInt = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The enabled packages in tier order, as the request sends them (their index → tier). */
const enabledTiers = (values: GigFormValues): Tier[] =>
  TIERS.filter((tier) => values[tier].enabled);

/** The API body for the values; `status` is the chosen outcome (publish or keep as draft). */
export function toGigFields(values: GigFormValues, status: GigFields['status']): GigFields {
  return {
    title: values.title.trim(),
    service_id: values.service_id,
    description: values.description.trim(),
    location: values.location.trim() || null,
    destinations: splitList(values.destinations),
    languages: splitList(values.languages),
    packages: enabledTiers(values).map((tier) => {
      const pkg = values[tier];
      return {
        tier,
        name: pkg.name.trim(),
        description: pkg.description.trim(),
        price: { amount: toCents(pkg.price), currency: 'USD' },
        delivery_days: toInt(pkg.delivery_days),
        revisions: toInt(pkg.revisions),
        includes: pkg.includes
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      };
    }),
    extras: values.extras.map((extra) => ({
      title: extra.title.trim(),
      price: { amount: toCents(extra.price), currency: 'USD' },
      delivery_days: extra.delivery_days.trim() === '' ? 0 : toInt(extra.delivery_days),
    })),
    status,
  };
}

export type FormErrors = Record<string, string[]>;

/**
 * A server (or schema) error key → the form's field key. Packages are sent in tier order
 * without the disabled ones, so `packages.1.price.amount` is the second enabled tier's price;
 * list items (`destinations.3`, `packages.0.includes.2`) belong to their list's field.
 */
export function formKeyOf(key: string, tiers: readonly Tier[]): string {
  const parts = key.split('.');
  if (parts[0] === 'packages' && parts.length > 1 && /^\d+$/.test(parts[1]!)) {
    const tier = tiers[Number(parts[1])] ?? 'basic';
    const field = parts[2] ?? 'name';
    return `${tier}.${field === 'price' ? 'price' : field}`;
  }
  if (parts[0] === 'extras' && parts.length > 2 && /^\d+$/.test(parts[1]!)) {
    return `extras.${parts[1]}.${parts[2]}`;
  }
  if (['destinations', 'languages', 'location'].includes(parts[0]!)) return parts[0]!;
  return parts[0] === 'packages' ? 'packages' : key;
}

/** Server or schema errors keyed by the form's fields (sentences of one field merged). */
export function toFormErrors(errors: FormErrors, values: GigFormValues): FormErrors {
  const tiers = enabledTiers(values);
  const result: FormErrors = {};
  for (const [key, sentences] of Object.entries(errors)) {
    const formKey = formKeyOf(key, tiers);
    result[formKey] = [...new Set([...(result[formKey] ?? []), ...sentences])];
  }
  return result;
}

export const STEPS = ['overview', 'packages', 'extras', 'images', 'publish'] as const;
export type Step = (typeof STEPS)[number];
export const STEP_LABELS: Record<Step, string> = {
  overview: 'Overview',
  packages: 'Packages',
  extras: 'Extras',
  images: 'Images',
  publish: 'Publish',
};

/** The step that shows a field (to open it when the server names an error there). */
export function stepOfKey(key: string): Step {
  const head = key.split('.')[0]!;
  if ((TIERS as readonly string[]).includes(head) || head === 'packages') return 'packages';
  if (head === 'extras') return 'extras';
  if (head === 'images' || head === 'file') return 'images';
  if (head === 'status') return 'publish';
  return 'overview';
}

/**
 * The same checks the server makes (the shared zod schema), before anything is sent: the
 * errors by form field. Publishing also needs a package; a draft needs only the overview.
 */
export function checkValues(values: GigFormValues, status: GigFields['status']): FormErrors {
  const errors: FormErrors = {};
  const result = gigFieldsSchema.safeParse(toGigFields(values, status));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || 'form';
      (errors[key] ??= []).push(issue.message);
    }
  }
  if (status === 'active' && enabledTiers(values).length === 0)
    errors.packages = ['Add at least one package before publishing.'];
  if (!values.service_id) errors.service_id = ['Choose a service.'];
  return toFormErrors(errors, values);
}

/** The errors of one step only (Next checks the step it leaves). */
export function errorsOfStep(errors: FormErrors, step: Step): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => stepOfKey(key) === step));
}
