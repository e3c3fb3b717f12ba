// Line icons for the service categories, by the icon name the API stores (`service.icon`), or by
// the seeded category id when only `{id, name}` is at hand (the services list).

const PATHS: Record<string, string> = {
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
};

/** The seeded categories' icons (spec section 1's footer categories). */
const ICON_BY_ID: Record<string, string> = {
  'travel-agent': 'ticket',
  'tour-guide': 'map',
  'hotel-manager': 'building',
  chef: 'chef-hat',
  'travel-consultant': 'compass',
  photographer: 'camera',
  'wedding-planner': 'rings',
  'events-specialist': 'calendar',
};

export function iconNameFor(id: string, icon?: string | null): string {
  if (icon && PATHS[icon]) return icon;
  return ICON_BY_ID[id] ?? 'briefcase';
}

export interface ServiceIconProps {
  id: string;
  icon?: string | null;
  size?: number;
  className?: string;
}

/** Decorative: the category's name is always next to it. */
export function ServiceIcon({ id, icon, size = 24, className }: ServiceIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[iconNameFor(id, icon)]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
