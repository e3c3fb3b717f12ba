import { describe, expect, it } from 'vitest';
import {
  SHARE_NETWORKS,
  SHARE_POPUP,
  opensInPopup,
  popupFeatures,
  shareUrl,
} from './share-networks';

const input = {
  url: 'https://wayfarer.market/blogs/a b',
  title: 'Food & walks',
  description: 'Lisbon',
  hashtags: 'travel,food',
  twitterUser: 'wayfarer',
  media: 'https://wayfarer.market/cover.png',
};

describe('share networks', () => {
  it('are the spec list, with the spec popup', () => {
    expect(SHARE_NETWORKS).toEqual([
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
    ]);
    expect(SHARE_POPUP).toEqual({ width: 626, height: 436, closedCheckMs: 500 });
  });

  it('encodes every input into each link', () => {
    for (const network of SHARE_NETWORKS) {
      const link = shareUrl(network, input);
      expect(link, network).not.toContain(' ');
      expect(link, network).not.toContain('&walks');
    }
    expect(shareUrl('twitter', input)).toBe(
      'https://twitter.com/intent/tweet?text=Food%20%26%20walks&url=https%3A%2F%2Fwayfarer.market%2Fblogs%2Fa%20b&hashtags=travel%2Cfood&via=wayfarer',
    );
    expect(shareUrl('facebook', input)).toContain('&hashtag=%23travel');
    expect(shareUrl('email', input)).toMatch(/^mailto:\?subject=Food%20%26%20walks&body=/);
    expect(shareUrl('pinterest', input)).toContain(
      'media=https%3A%2F%2Fwayfarer.market%2Fcover.png',
    );
  });

  it('opens web networks in a popup and the others in their app', () => {
    expect(opensInPopup('facebook')).toBe(true);
    expect(opensInPopup('email')).toBe(false);
    expect(opensInPopup('sms')).toBe(false);
    expect(opensInPopup('viber')).toBe(false);
  });

  it('centres the popup on the window', () => {
    expect(popupFeatures({ left: 100, top: 50, width: 1226, height: 936 })).toBe(
      'width=626,height=436,left=400,top=300,resizable=yes,scrollbars=yes',
    );
  });
});
