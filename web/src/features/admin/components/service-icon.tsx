// Service icons by name (the API stores a name such as "chef-hat"). Simple line drawings in a
// 24×24 box; an unknown name gets the tag.

export const SERVICE_ICONS = {
  ticket: 'M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4zM10 7v10',
  map: 'M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14',
  building: 'M5 21V4h10v17M15 9h4v12M3 21h18M8 8h1M11 8h1M8 12h1M11 12h1M8 16h1M11 16h1',
  'chef-hat': 'M7 14a4 4 0 0 1-.6-7.95A5 5 0 0 1 16 5.5a4 4 0 0 1 1 8.3V19H7zM7 16h10',
  compass: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM15.5 8.5l-2 5-5 2 2-5z',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4zM12 10a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7z',
  rings:
    'M9 9a5 5 0 1 0 0 10a5 5 0 1 0 0-10zM15 9a5 5 0 1 0 0 10a5 5 0 1 0 0-10zM10 3h4l1 2-3 3-3-3z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  wave: 'M3 10c3-4 6 4 9 0s6 4 9 0M3 16c3-4 6 4 9 0s6 4 9 0',
  plane: 'M21 12l-7-1-4-7H8l2 7-5 .5L3 9H2l1 3-1 3h1l2-2.5 5 .5-2 7h2l4-7z',
  mountain: 'M3 20l6-10 4 6 3-4 5 8z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z',
} as const;

export type ServiceIconName = keyof typeof SERVICE_ICONS;
export const SERVICE_ICON_NAMES = Object.keys(SERVICE_ICONS) as ServiceIconName[];

const TAG = 'M3 12V4h8l10 10-8 8zM7.5 7.5h.01';

export function ServiceIcon({ name, size = 24 }: { name: string | null; size?: number }) {
  const path = name && name in SERVICE_ICONS ? SERVICE_ICONS[name as ServiceIconName] : TAG;
  return (
    <svg
      className="service-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
