// The share widget's networks (spec section 9) and how each one's share link is built from the
// widget's inputs (spec section 3: url, title, description, quote, hashtags, twitterUser, media).

export interface ShareInput {
  url: string;
  title: string;
  description?: string;
  quote?: string;
  /** Comma-separated, without `#`. */
  hashtags?: string;
  twitterUser?: string;
  /** An image URL, for the networks that show one. */
  media?: string;
}

export const SHARE_NETWORKS = [
  'email',
  'facebook',
  'linkedin',
  'pinterest',
  'reddit',
  'skype',
  'telegram',
  'twitter',
  'viber',
  'vk',
  'weibo',
  'whatsapp',
  'sms',
  'line',
  'odnoklassniki',
] as const;

export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export const SHARE_LABELS: Record<ShareNetwork, string> = {
  email: 'Email',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  skype: 'Skype',
  telegram: 'Telegram',
  twitter: 'X (Twitter)',
  viber: 'Viber',
  vk: 'VK',
  weibo: 'Weibo',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  line: 'LINE',
  odnoklassniki: 'Odnoklassniki',
};

/** Spec section 9: the share window's size, and how often to check whether it was closed. */
export const SHARE_POPUP = { width: 626, height: 436, closedCheckMs: 500 } as const;

/** Networks opened by the operating system (mail, messaging apps), not in a popup window. */
const APP_SCHEMES: ReadonlySet<ShareNetwork> = new Set(['email', 'sms', 'viber']);

export function opensInPopup(network: ShareNetwork): boolean {
  return !APP_SCHEMES.has(network);
}

const enc = encodeURIComponent;
const NEWLINE = '%0D%0A';

/** The share link of `network` for `input`. */
export function shareUrl(network: ShareNetwork, input: ShareInput): string {
  const u = enc(input.url);
  const t = enc(input.title);
  const d = enc(input.description ?? '');
  const q = enc(input.quote ?? '');
  const h = enc(input.hashtags ?? '');
  const m = enc(input.media ?? '');
  const body = [t, u, d].filter(Boolean).join(NEWLINE);
  switch (network) {
    case 'email':
      return `mailto:?subject=${t}&body=${[u, d].filter(Boolean).join(NEWLINE)}`;
    case 'facebook': {
      const firstTag = (input.hashtags ?? '').split(',')[0]?.trim();
      const hashtag = firstTag ? enc(`#${firstTag}`) : '';
      return `https://www.facebook.com/sharer/sharer.php?u=${u}&title=${t}&description=${d}&quote=${q}&hashtag=${hashtag}`;
    }
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'pinterest':
      return `https://pinterest.com/pin/create/button/?url=${u}&media=${m}&description=${t}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
    case 'skype':
      return `https://web.skype.com/share?url=${u}&text=${t}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${[t, d].filter(Boolean).join(NEWLINE)}`;
    case 'twitter': {
      const via = input.twitterUser ? `&via=${enc(input.twitterUser)}` : '';
      return `https://twitter.com/intent/tweet?text=${t}&url=${u}&hashtags=${h}${via}`;
    }
    case 'viber':
      return `viber://forward?text=${body}`;
    case 'vk':
      return `https://vk.com/share.php?url=${u}&title=${t}&description=${d}&image=${m}&noparse=true`;
    case 'weibo':
      return `https://service.weibo.com/share/share.php?url=${u}&title=${t}&pic=${m}`;
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${body}`;
    case 'sms':
      return `sms:?body=${body}`;
    case 'line':
      return `https://line.me/R/msg/text/?${body}`;
    case 'odnoklassniki':
      return `https://connect.ok.ru/dk?st.cmd=WidgetSharePreview&st.shareUrl=${u}&st.comments=${t}`;
  }
}

/** `window.open` features for a popup of the spec's size, centred on the current window. */
export function popupFeatures(
  screen: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number } = SHARE_POPUP,
): string {
  const left = Math.round(screen.left + (screen.width - size.width) / 2);
  const top = Math.round(screen.top + (screen.height - size.height) / 2);
  return `width=${size.width},height=${size.height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}
