let counter = 0;

/**
 * Fresh v4-shaped ids, unique across the whole run (the TypeORM store keeps its rows): the counter,
 * one for all the items contracts, tells a spec file's ids apart; the random first group tells
 * apart those of other spec files and runs, whose counters start again from one.
 */
export function freshId(): string {
  counter += 1;
  const random = Math.floor(Math.random() * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
  return `${random}-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}
