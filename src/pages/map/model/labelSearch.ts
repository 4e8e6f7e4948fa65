// The label search: features whose search attributes (search-label `search`) contain the query,
// named by their label attributes (`labels`). Pure (unit tests); the caller zooms to the hit.
export interface SearchableLayer<F> {
  layerId: number;
  layerTitle: string;
  labels: readonly string[];
  search: readonly string[];
  features: readonly F[];
}

export interface LabelHit<F> {
  layerId: number;
  layerTitle: string;
  /** The label attributes' values joined with " · " (the feature id when all are empty). */
  label: string;
  feature: F;
}

const text = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/** Case-insensitive "contains" over each layer's search attributes; a blank query finds nothing. */
export function searchLabels<F>(
  layers: readonly SearchableLayer<F>[],
  query: string,
  propsOf: (f: F) => Record<string, unknown>,
  idOf: (f: F) => unknown,
  limit = 20,
): LabelHit<F>[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hits: LabelHit<F>[] = [];
  for (const layer of layers) {
    if (!layer.search.length) continue;
    for (const f of layer.features) {
      const props = propsOf(f);
      if (!layer.search.some((a) => text(props[a]).toLowerCase().includes(q))) continue;
      const label =
        layer.labels
          .map((a) => text(props[a]))
          .filter(Boolean)
          .join(" · ") || text(idOf(f));
      hits.push({ layerId: layer.layerId, layerTitle: layer.layerTitle, label, feature: f });
      if (hits.length >= limit) return hits;
    }
  }
  return hits;
}
