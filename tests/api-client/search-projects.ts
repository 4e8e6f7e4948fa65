// A client of the API typed by the OpenAPI document: openapi-fetch over the `paths` that
// `npm run api:types -- openapi.ts` generates next to this file. tests/unit/openapi-client.test.ts
// generates them into a temporary copy and type-checks this file with tsc (the main tsconfig leaves
// this folder out: the generated file is not checked in); tests/server/openapi.test.ts runs it
// against the server.
import createClient from "openapi-fetch";
import type { paths } from "./openapi";

export type Api = ReturnType<typeof createClient<paths>>;

export const apiClient = (baseUrl: string, token: string): Api => createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });

/** A page of projects whose name contains `name`, by name, and how many match in all. */
export async function searchProjects(api: Api, name: string) {
  const { data, error, response } = await api.POST("/api/project/search", {
    body: { paging: { start: 0, length: 10 }, columns: [{ data: "name", value: name, operator: "like" }], orders: { columns: "name", ascending: true } },
  });
  if (error) throw new Error(`${response.status} ${error.key}: ${error.message}`);
  return { projects: data.data, matching: data.recordsFiltered ?? data.data.length };
}

/** Calls the types refuse: each line under `@ts-expect-error` must be an error, or tsc fails. */
export async function wrongCalls(api: Api): Promise<void> {
  // @ts-expect-error: an operator the search body does not know
  await api.POST("/api/project/search", { body: { columns: [{ data: "name", value: "x", operator: "contains" }] } });
  // @ts-expect-error: a search is a POST
  await api.GET("/api/project/search");
  const { data } = await api.POST("/api/project/search", { body: {} });
  // @ts-expect-error: a project's name is text
  const name: number = data!.data[0].name;
  void name;
}
