import { describe, expect, it } from 'vitest';
import { subjectFromSearch, subjectLine, subjectQuery } from './subject';

const parse = (query: string) => subjectFromSearch(new URLSearchParams(query));

describe('subjectFromSearch', () => {
  it('reads what a conversation is about from the link', () => {
    expect(parse('about=gig&ref=abc123&title=Sunset+walk+(Basic)')).toEqual({
      kind: 'gig',
      ref: 'abc123',
      title: 'Sunset walk (Basic)',
    });
  });

  it('ignores unknown kinds and missing or oversized parts', () => {
    expect(parse('')).toBeNull();
    expect(parse('about=villa&ref=a&title=b')).toBeNull();
    expect(parse('about=gig&title=b')).toBeNull();
    expect(parse('about=gig&ref=a&title=%20')).toBeNull();
    expect(parse(`about=gig&ref=${'a'.repeat(101)}&title=b`)).toBeNull();
  });

  it('cuts a long title to the 200 characters a message may carry, and round-trips', () => {
    const subject = parse(`about=gig&ref=a&title=${'t'.repeat(300)}`)!;
    expect(subject.title).toHaveLength(200);
    expect(parse(new URLSearchParams(subjectQuery(subject)).toString())).toEqual(subject);
    expect(subjectQuery(null)).toEqual({});
  });
});

describe('subjectLine', () => {
  it('labels the kind and keeps the title as its writer typed it', () => {
    expect(
      subjectLine({ kind: 'gig', ref: 'a', title: 'Sunset walk in old Lamu (iOS-friendly)' }),
    ).toBe('Gig: Sunset walk in old Lamu (iOS-friendly)');
    expect(subjectLine({ kind: 'project', ref: 'b', title: 'eBay seller tour of NYC' })).toBe(
      'Project: eBay seller tour of NYC',
    );
  });
});
