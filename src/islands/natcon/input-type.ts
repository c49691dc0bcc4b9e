/**
 * The `type` of a bound text field. The staff parts' `FormTextField` props are an `Omit` of a union,
 * which drops `type` from the type although the input receives it: this passes it through.
 */
export const inputType = (type: 'email' | 'tel' | 'date') => ({ type }) as object;
