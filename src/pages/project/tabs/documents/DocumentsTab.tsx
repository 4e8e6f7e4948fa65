// Placeholder: the documents tab is built elsewhere and replaces this file.
export default function DocumentsTab({ projectId }: { projectId: string | number }) {
  return <div data-project-id={projectId} />;
}
