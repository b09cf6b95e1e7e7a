/**
 * A count with its noun in the right number: '1 member', '3 members', '2 hold problems'. Texts
 * say what they count in plain English instead of 'member(s)'. The spec's own
 * '{n} contribution(s) confirmed successfully' is the one exception, kept word for word.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-NG')} ${count === 1 ? singular : plural}`;
}

/** 'differs' for one, 'differ' for several: the verb that agrees with `countOf`'s noun. */
export function agree(count: number, singular: string, plural: string): string {
  return count === 1 ? singular : plural;
}
