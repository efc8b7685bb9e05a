import { z } from 'zod';

type Undefaulted<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K]>;
};

/**
 * A patch of `schema`: every field optional and none defaulted. zod 4's `.partial()` keeps each field's
 * `.default()`, so a patch that named one scanner setting arrived with the others at their defaults and
 * was saved over what the user had chosen (the double-read window back to 300 ms after a link change).
 */
export function patchOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>): z.ZodObject<Undefaulted<S>, z.core.$strict> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional(),
    ]),
  );
  // The mapped shape is Undefaulted<S> field by field; TypeScript cannot follow Object.fromEntries.
  return z.strictObject(shape) as unknown as z.ZodObject<Undefaulted<S>, z.core.$strict>;
}
