import { Link } from 'react-router-dom';
import { useDevMailAvailable } from '@/features/dev-mail/hooks/use-dev-mail-available';
import { buildPath, type StaticPathName } from '@/config/paths';
import { Brand } from './brand';

/**
 * Spec section 1: the footer's eight categories, each to its service page. Their ids are the
 * seeded categories' (the footer lists these whatever else admins add).
 */
const FOOTER_CATEGORIES = [
  { id: 'travel-agent', name: 'Travel Agent' },
  { id: 'tour-guide', name: 'Tour Guide' },
  { id: 'hotel-manager', name: 'Hotel Manager' },
  { id: 'chef', name: 'Chef' },
  { id: 'travel-consultant', name: 'Travel Consultant' },
  { id: 'photographer', name: 'Photographer' },
  { id: 'wedding-planner', name: 'Wedding Planner' },
  { id: 'events-specialist', name: 'Events Specialist' },
] as const;

type FooterLink = { name: StaticPathName; label: string };

/** Spec section 1: careers, press and news, pricing plan, privacy, terms, blogs, FAQ, contact,
 * help and support, trust and safety, selling and buying guides (and about us). */
const FOOTER_COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Company',
    links: [
      { name: 'aboutus', label: 'About Us' },
      { name: 'careers', label: 'Careers' },
      { name: 'press', label: 'Press and News' },
      { name: 'blogs', label: 'Blogs' },
      { name: 'contactus', label: 'Contact' },
    ],
  },
  {
    title: 'Support',
    links: [
      { name: 'help', label: 'Help and Support' },
      { name: 'faq', label: 'FAQ' },
      { name: 'trust-and-safety', label: 'Trust and Safety' },
      { name: 'pricing', label: 'Pricing Plan' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { name: 'leaderboard', label: 'Leaderboard' },
      { name: 'selling-guide', label: 'Selling Guide' },
      { name: 'buying-guide', label: 'Buying Guide' },
      { name: 'privacy', label: 'Privacy Policy' },
      { name: 'terms', label: 'Terms of Service' },
    ],
  },
];

const COPYRIGHT = '© 2025 Wayfarer Market. All rights reserved.';

export function SiteFooter() {
  const hasDevMail = useDevMailAvailable();
  return (
    <footer className="site-footer">
      <div className="container site-footer-grid">
        <div className="footer-about">
          <Brand className="footer-brand" />
          <p>
            The offline-first marketplace where travellers, families and event hosts hire travel
            professionals, and where new talent learns on real projects.
          </p>
        </div>
        <nav className="footer-nav" aria-label="Footer">
          <div className="footer-column footer-categories">
            <h2>Categories</h2>
            <ul>
              {FOOTER_CATEGORIES.map((category) => (
                <li key={category.id}>
                  <Link to={buildPath('services.id', { id: category.id })}>{category.name}</Link>
                </li>
              ))}
            </ul>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.title} className="footer-column">
              <h2>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.name}>
                    <Link to={buildPath(link.name)}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="container site-footer-bottom">
        <p>{COPYRIGHT}</p>
        {hasDevMail && (
          <p>
            <Link to={buildPath('dev.mail')}>Developer mail</Link>
          </p>
        )}
      </div>
    </footer>
  );
}
