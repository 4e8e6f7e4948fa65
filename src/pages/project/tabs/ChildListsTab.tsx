// A tab made of the generated lists of the project's child resources, each filtered by the project.
import { useMemo } from "react";
import { EmbeddedList } from "../../../crud/EmbeddedList";

export function ChildListsTab({ projectId, resources }: { projectId: string | number; resources: string[] }) {
  const fixed = useMemo(() => ({ project_id: projectId }), [projectId]);
  return (
    <>
      {resources.map((r) => (
        <EmbeddedList key={r} resource={r} fixed={fixed} />
      ))}
    </>
  );
}
