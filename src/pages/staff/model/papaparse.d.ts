// The part of papaparse (a dependency of @refinedev/core) the staff import uses; it ships no types.
declare module "papaparse" {
  interface ParseResult<T> {
    data: T[];
  }
  const Papa: { parse<T>(text: string, config?: { skipEmptyLines?: boolean | "greedy" }): ParseResult<T> };
  export default Papa;
}
