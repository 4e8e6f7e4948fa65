// The server suite's own hooks: a test (or, for answers of beforeAll/afterAll, its file) fails when
// the server answered it something the OpenAPI document does not describe (tests/server/openapi-answers.ts).
import { afterAll, afterEach } from "vitest";
import { takeAnswerFailures } from "./openapi-answers";

const failIfAny = () => {
  const failures = takeAnswerFailures();
  if (failures) throw new Error(failures);
};
afterEach(failIfAny);
afterAll(failIfAny);
