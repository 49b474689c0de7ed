type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/**
 * What another language gives for the English texts `T` (locales/en/<part>.ts): every key, in any
 * wording. A missing (or extra) key fails type-checking.
 */
export type Translation<T> = Widen<T>;
