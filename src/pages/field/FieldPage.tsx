// The field worker's phone page (#/field). A placeholder so the declaration's page name compiles:
// the page itself (clock-in with a selfie, panic button, offline queue, device keys) is the web
// engineer's work of issue 17 and replaces this file.
export default function FieldPage() {
  return <div data-page="field" />;
}
