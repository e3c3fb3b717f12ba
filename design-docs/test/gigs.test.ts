import { describe, expect, it } from 'vitest';
import { bloomHas, bloomOf, tieBreak, tokenize } from '../../api/src/routes/gigs/search-text';
import { runMap } from '../src/testing';
import { source } from './helpers';

const gig = {
  _id: 'gig:g1',
  _rev: '3-0123456789abcdef0123456789abcdef',
  type: 'gig',
  status: 'active',
  service_id: 'chef',
  title: 'Private Cooking Classes in Kyoto',
  description:
    'Learn to cook seasonal dishes at the market. Vegetarian options; all levels welcome!',
  location: 'Kyōto',
  destinations: ['Osaka', 'Nara'],
  languages: ['Japanese', 'English'],
  min_price: 8000,
  min_delivery_days: 1,
  rating: { average: 4.8, count: 12 },
  published_at: '2026-11-01T00:00:00.000Z',
  created_at: '2026-10-30T00:00:00.000Z',
};

describe('catalog/gigs/views/search/map.js', () => {
  const map = source('catalog/gigs/views/search/map.js');
  const emitted = runMap(map, gig);

  it('lists each word of an active gig under its service and under *', () => {
    const text = [gig.title, gig.location, gig.destinations.join(' '), gig.description].join(' ');
    const tokens = tokenize(text);
    expect(emitted).toHaveLength(tokens.length * 2);
    expect(
      emitted
        .filter(([key]) => (key as unknown[])[1] === 'chef')
        .map(([key]) => (key as unknown[])[0]),
    ).toEqual(tokens);
    expect(tokens).toEqual(
      expect.arrayContaining([
        'private',
        'cooking',
        'class',
        'kyoto',
        'osaka',
        'vegetarian',
        'option',
        'level',
      ]),
    );
    expect(tokens).not.toContain('in');
  });

  it('ranks title words first, then by rating and recency, and carries a Bloom filter equal to the API’s', () => {
    const [key, value] = emitted.find(
      ([k]) => (k as unknown[])[0] === 'cooking' && (k as unknown[])[1] === '*',
    )!;
    expect(key).toEqual(['cooking', '*', 0, -4.8, -Date.parse(gig.published_at)]);
    const descriptionWord = emitted.find(([k]) => (k as unknown[])[0] === 'market')!;
    expect((descriptionWord[0] as unknown[])[2]).toBe(1);
    const tokens = tokenize(
      [gig.title, gig.location, gig.destinations.join(' '), gig.description].join(' '),
    );
    const [price, days, rating, languages, places, bloom] = value as [
      number,
      number,
      number,
      string[],
      string[],
      string,
    ];
    expect([price, days, rating]).toEqual([8000, 1, 4.8]);
    expect(languages).toEqual(['japanese', 'english']);
    expect(places).toEqual(['osaka', 'nara', 'kyōto']);
    expect(bloom).toBe(bloomOf(tokens));
    expect(value).toHaveLength(8);
    expect((value as unknown[])[6]).toBe(gig.published_at);
    expect((value as unknown[])[7]).toBe(gig._rev);
    for (const token of tokens) expect(bloomHas(bloom, token)).toBe(true);
  });

  it('leaves out drafts, paused gigs and other documents', () => {
    expect(runMap(map, { ...gig, status: 'paused' })).toEqual([]);
    expect(runMap(map, { ...gig, status: 'draft' })).toEqual([]);
    expect(runMap(map, { type: 'service', status: 'active' })).toEqual([]);
  });
});

describe('catalog/gigs/views/browse/map.js', () => {
  const map = source('catalog/gigs/views/browse/map.js');
  it('lists active gigs by service and under *, best rated first', () => {
    const emitted = runMap(map, gig);
    expect(emitted.map(([key]) => key)).toEqual([
      ['chef', -4.8, -Date.parse(gig.published_at)],
      ['*', -4.8, -Date.parse(gig.published_at)],
    ]);
    expect(emitted[0]![1]).toEqual([
      8000,
      1,
      4.8,
      ['japanese', 'english'],
      ['osaka', 'nara', 'kyōto'],
      '',
      gig.published_at,
      gig._rev,
    ]);
    expect(runMap(map, { ...gig, status: 'paused' })).toEqual([]);
  });
});

describe('catalog/gigsort/views/sorted/map.js', () => {
  const map = source('catalog/gigsort/views/sorted/map.js');
  const emitted = runMap(map, gig);
  const at = -Date.parse(gig.published_at);

  it('lists an active gig by price and by date, under its service and under *, ties by the API’s hash', () => {
    expect(emitted.map(([key]) => key)).toEqual([
      ['chef', 'p', 8000, at, tieBreak(gig._id)],
      ['chef', 'n', at, tieBreak(gig._id)],
      ['*', 'p', 8000, at, tieBreak(gig._id)],
      ['*', 'n', at, tieBreak(gig._id)],
    ]);
  });

  it('carries the search value with the words the API’s tokenizer finds instead of the Bloom filter', () => {
    const tokens = tokenize(
      [gig.title, gig.location, gig.destinations.join(' '), gig.description].join(' '),
    );
    for (const [, value] of emitted)
      expect(value).toEqual([
        8000,
        1,
        4.8,
        ['japanese', 'english'],
        ['osaka', 'nara', 'kyōto'],
        tokens.join(' '),
        gig.published_at,
        gig._rev,
      ]);
    const search = runMap(source('catalog/gigs/views/search/map.js'), gig);
    const [, searchValue] = search[0]!;
    expect((emitted[0]![1] as unknown[]).filter((_, i) => i !== 5)).toEqual(
      (searchValue as unknown[]).filter((_, i) => i !== 5),
    );
  });

  it('sorts an unrated gig as rated 0 and leaves out drafts, paused gigs and other documents', () => {
    const unrated = runMap(map, { ...gig, rating: { average: 0, count: 0 } });
    expect((unrated[0]![1] as unknown[])[2]).toBe(0);
    expect(runMap(map, { ...gig, status: 'paused' })).toEqual([]);
    expect(runMap(map, { ...gig, status: 'draft' })).toEqual([]);
    expect(runMap(map, { type: 'service', status: 'active' })).toEqual([]);
  });
});

describe('catalog/gigword/views/sorted/map.js', () => {
  const map = source('catalog/gigword/views/sorted/map.js');
  const emitted = runMap(map, gig);
  const at = -Date.parse(gig.published_at);
  const tokens = tokenize(
    [gig.title, gig.location, gig.destinations.join(' '), gig.description].join(' '),
  );

  it('lists an active gig under each word the API’s tokenizer finds, by price and by date, under its service and under *, ties by the API’s hash', () => {
    expect(emitted.map(([key]) => key)).toEqual(
      tokens.flatMap((t) =>
        ['chef', '*'].flatMap((scope) => [
          [t, scope, 'p', 8000, at, tieBreak(gig._id)],
          [t, scope, 'n', at, tieBreak(gig._id)],
        ]),
      ),
    );
  });

  it('carries the search value with the service instead of the date, and the API’s Bloom filter', () => {
    for (const [, value] of emitted)
      expect(value).toEqual([
        8000,
        1,
        4.8,
        ['japanese', 'english'],
        ['osaka', 'nara', 'kyōto'],
        bloomOf(tokens),
        'chef',
        gig._rev,
      ]);
    const [, searchValue] = runMap(source('catalog/gigs/views/search/map.js'), gig)[0]!;
    expect((emitted[0]![1] as unknown[]).filter((_, i) => i !== 6)).toEqual(
      (searchValue as unknown[]).filter((_, i) => i !== 6),
    );
  });

  it('sorts an unrated gig as rated 0 and leaves out drafts, paused gigs and other documents', () => {
    const unrated = runMap(map, { ...gig, rating: { average: 0, count: 0 } });
    expect((unrated[0]![1] as unknown[])[2]).toBe(0);
    expect(runMap(map, { ...gig, status: 'paused' })).toEqual([]);
    expect(runMap(map, { ...gig, status: 'draft' })).toEqual([]);
    expect(runMap(map, { type: 'service', status: 'active' })).toEqual([]);
  });
});

describe('the search tokenizer', () => {
  it('folds case and accents, drops stop words, stems plurals, keeps each word once', () => {
    expect(tokenize('beaches boxes dishes levels glasses bus')).toEqual([
      'beach',
      'box',
      'dish',
      'level',
      'glass',
      'bus',
    ]);
    expect(tokenize('Tours of the Côte d’Azur — TOURS, cities & classes')).toEqual([
      'tour',
      'cote',
      'azur',
      'city',
      'class',
    ]);
    expect(tokenize('a an the')).toEqual([]);
  });

  it('the Bloom filter never misses a word it holds', () => {
    const words = tokenize('sunset photography walking tour old town harbour street food');
    const bloom = bloomOf(words);
    for (const w of words) expect(bloomHas(bloom, w)).toBe(true);
    const absent = ['wedding', 'yacht', 'ski', 'museum', 'desert', 'canyon', 'vineyard', 'temple'];
    expect(absent.filter((w) => bloomHas(bloom, w)).length).toBeLessThan(absent.length);
  });
});
