// The keyboard's moves on the board (dnd-kit's KeyboardSensor): a picked-up card jumps a whole
// column left or right with the arrow keys (the board orders nothing within a column).
import type { KeyboardCoordinateGetter } from "@dnd-kit/core";

export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context: { collisionRect, droppableRects } }) => {
  if (event.code !== "ArrowRight" && event.code !== "ArrowLeft") return undefined;
  event.preventDefault();
  if (!collisionRect) return undefined;
  const right = event.code === "ArrowRight";
  let best: { left: number; top: number } | null = null;
  for (const [id, rect] of droppableRects) {
    if (!String(id).startsWith("stage-")) continue;
    const ahead = right ? rect.left > collisionRect.left + 1 : rect.left + 1 < collisionRect.left;
    if (ahead && (!best || (right ? rect.left < best.left : rect.left > best.left))) best = rect;
  }
  // The card's top-left goes a little inside the column: its centre is then the column's.
  return best ? { x: best.left + 8, y: best.top + 40 } : undefined;
};
