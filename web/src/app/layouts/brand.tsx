import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';

/** The logo mark: a compass needle on the brand colour (also the favicon and app icon). */
function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0b5c6b" />
      <path d="M16 5l4 11-4 11-4-11z" fill="#fff" />
      <path d="M16 5l4 11h-8z" fill="#f2b84b" />
      <circle cx="16" cy="16" r="2" fill="#0b5c6b" />
    </svg>
  );
}

/** The brand link to the home page. */
export function Brand({ className }: { className?: string }) {
  return (
    <Link to={buildPath('index')} className={['brand', className].filter(Boolean).join(' ')}>
      <LogoMark />
      <span>Wayfarer Market</span>
    </Link>
  );
}
