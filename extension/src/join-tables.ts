// Joins the tables modules export next to their functions (a handler table,
// the in-page methods) into one, so a function is registered in the file
// where it is written. A name two tables hold is a type error that names it,
// and an exception should one get through at run time.

/** Every name of the tables. */
type Names<T extends readonly object[]> = { [I in keyof T]: keyof T[I] }[number];

/** The names more than one table holds. */
type Repeated<T extends readonly object[]> = T extends readonly [infer H extends object, ...infer R extends readonly object[]]
  ? (keyof H & Names<R>) | Repeated<R>
  : never;

/** The entry of name K in whichever table holds it. */
type EntryOf<U, K extends PropertyKey> = U extends { readonly [P in K]: infer V } ? V : never;

/** The tables as one: each name with its own table's type. */
export type Joined<T extends readonly object[]> = { readonly [K in Names<T>]: EntryOf<T[number], K> };

/** What a repeated name turns the arguments into: a type error naming it. */
type Once<T extends readonly object[]> = [Repeated<T>] extends [never] ? unknown : { readonly "registered twice": Repeated<T> };

export function joinTables<const T extends readonly object[]>(...tables: T & Once<T>): Joined<T> {
  const out: Record<PropertyKey, unknown> = {};
  for (const t of tables as readonly object[]) {
    for (const [k, v] of Object.entries(t)) {
      if (Object.prototype.hasOwnProperty.call(out, k)) throw new Error(`${k} is registered twice`);
      out[k] = v;
    }
  }
  return out as Joined<T>;
}
