/**
 * Connections in the order they fell idle, the longest idle first, threaded through the entries
 * themselves: taking one out and adding one at the end are a few pointer moves. A `Set` does the
 * same job in its insertion order, but taking an entry out of two of them and adding it back on
 * every request costs more, on the path of every status read (BENCHMARKS.md, "Hand-written
 * paths").
 */

/** An entry's place in one list. */
export interface IdleLinks<T> {
  previous: T | undefined;
  next: T | undefined;
  listed: boolean;
}

export const unlinked = <T>(): IdleLinks<T> => ({
  previous: undefined,
  next: undefined,
  listed: false,
});

export class IdleList<T> {
  #first: T | undefined;
  #last: T | undefined;
  #size = 0;

  /** `links` gives an entry's place in this list (an entry may be in several lists). */
  constructor(private readonly links: (entry: T) => IdleLinks<T>) {}

  get size(): number {
    return this.#size;
  }

  /** The entry idle the longest. */
  first(): T | undefined {
    return this.#first;
  }

  /** Adds `entry` at the end (idle since now); nothing if it is listed already. */
  add(entry: T): void {
    const place = this.links(entry);
    if (place.listed) return;
    place.listed = true;
    place.previous = this.#last;
    place.next = undefined;
    if (this.#last === undefined) this.#first = entry;
    else this.links(this.#last).next = entry;
    this.#last = entry;
    this.#size++;
  }

  /** Takes `entry` out; nothing if it is not listed. */
  remove(entry: T): void {
    const place = this.links(entry);
    if (!place.listed) return;
    if (place.previous === undefined) this.#first = place.next;
    else this.links(place.previous).next = place.next;
    if (place.next === undefined) this.#last = place.previous;
    else this.links(place.next).previous = place.previous;
    place.previous = undefined;
    place.next = undefined;
    place.listed = false;
    this.#size--;
  }
}
