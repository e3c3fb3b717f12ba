// The one set of service icons, used by the public pages and the admin area alike. The API
// stores an icon name per service (`service.icon`, e.g. "chef-hat"); where only `{id, name}` is
// at hand (the services list), the seeded categories' ids pick their icon. Simple line drawings
// in a 24×24 box.
import { LineIcon } from './line-icon';

const SERVICE_ICONS = {
  ticket: 'M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4zM14 7v2M14 11v2M14 15v2',
  map: 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14',
  building: 'M5 21V4h10v17M15 9h4v12M3 21h18M8 8h1M11 8h1M8 12h1M11 12h1M8 16h1M11 16h1',
  'chef-hat': 'M7 14a4 4 0 0 1-.7-7.9 5 5 0 0 1 11.4 0A4 4 0 0 1 17 14v6H7zM7 17h10',
  compass: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM15.5 8.5l-2 5-5 2 2-5z',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4zM12 17a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  rings:
    'M9 20a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM15 20a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM10 6l2-2 2 2-2 2z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h2M12 14h2M8 17h2M12 17h2',
  briefcase: 'M4 8h16v11H4zM9 8V5h6v3M4 13h16',
  wave: 'M3 10c3-4 6 4 9 0s6 4 9 0M3 16c3-4 6 4 9 0s6 4 9 0',
  plane: 'M21 12l-7-1-4-7H8l2 7-5 .5L3 9H2l1 3-1 3h1l2-2.5 5 .5-2 7h2l4-7z',
  mountain: 'M3 20l6-10 4 6 3-4 5 8z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z',
  tag: 'M3 12V4h8l10 10-8 8zM7.5 7.5h.01',
} as const;

export type ServiceIconName = keyof typeof SERVICE_ICONS;
export const SERVICE_ICON_NAMES = Object.keys(SERVICE_ICONS) as ServiceIconName[];

/** The seeded categories' icons (spec section 1's footer categories). */
const ICON_BY_ID: Record<string, ServiceIconName> = {
  'travel-agent': 'ticket',
  'tour-guide': 'map',
  'hotel-manager': 'building',
  chef: 'chef-hat',
  'travel-consultant': 'compass',
  photographer: 'camera',
  'wedding-planner': 'rings',
  'events-specialist': 'calendar',
};

const isIconName = (name: string | null | undefined): name is ServiceIconName =>
  !!name && name in SERVICE_ICONS;

/** The stored icon when it is one we draw, else the seeded category's, else a briefcase. */
export function iconNameFor(id: string | undefined, icon?: string | null): ServiceIconName {
  if (isIconName(icon)) return icon;
  return (id && ICON_BY_ID[id]) || 'briefcase';
}

export interface ServiceIconProps {
  /** The icon name the API stores. */
  icon?: string | null;
  /** The service's id, for services known only by `{id, name}`. */
  id?: string;
  size?: number;
  className?: string;
}

/** Decorative: the category's name is always next to it. */
export function ServiceIcon({ id, icon, size = 24, className }: ServiceIconProps) {
  return (
    <LineIcon
      d={SERVICE_ICONS[iconNameFor(id, icon)]}
      size={size}
      weight={1.7}
      className={className}
    />
  );
}
