import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { minuteAt, type DayHours } from './day-layout';

// Dragging an appointment's block to another time, professional or cabin (ADR 059). One pointer
// handler on the whole grid (event delegation), not a draggable per block: a day switch draws 120
// blocks at 4x CPU under 100 ms (ADR 043), and a hook per block would be paid on every switch. A
// mouse or a pen drags; a finger scrolls the grid as before and moves through the "Mover…" menu
// (the keyboard's way too): a block that captured touches would leave a phone's grid unscrollable.
// A day with more professionals than the screen is wide scrolls sideways while the pointer rests
// near the grid's left or right edge, so a block reaches any column.

/** Where a block would land: a column and the salon minute its start would fall on. */
export type DropTarget = { columnId: string; minute: number };
export type Drag = { appointmentId: string; target: DropTarget | null };

const THRESHOLD_PX = 6;
/** How near the grid's visible left or right edge the pointer scrolls it, and by how much a frame. */
const EDGE_PX = 48;
const EDGE_STEP_PX = 12;

type Pending = {
  id: string;
  pointerId: number;
  x: number;
  y: number;
  /** Where the pointer is now: the edge scroll aims again from here after each step. */
  at: { x: number; y: number };
  offset: number;
  started: boolean;
  target: DropTarget | null;
};

/** Which way the grid should scroll with the pointer at `x`: left (-1), right (1) or not (0). */
function edgeDirection(grid: HTMLElement, x: number): -1 | 0 | 1 {
  const rect = grid.getBoundingClientRect();
  // The hour scale is sticky on the left: the columns' visible part starts after it.
  const left = grid.querySelector('[data-hour-scale]')?.getBoundingClientRect().right ?? rect.left;
  if (x < left + EDGE_PX && grid.scrollLeft > 0) return -1;
  if (x > rect.right - EDGE_PX && grid.scrollLeft < grid.scrollWidth - grid.clientWidth) return 1;
  return 0;
}

/** The column body under a point, and the minute the pointer is at in it. */
function columnAt(x: number, y: number, hours: DayHours): { columnId: string; minute: number } | null {
  const el = document.elementsFromPoint(x, y).find((e): e is HTMLElement => e instanceof HTMLElement && !!e.dataset.columnId);
  if (!el) return null;
  const rect = el.getBoundingClientRect();
  return { columnId: el.dataset.columnId!, minute: minuteAt(hours, (y - rect.top) / rect.height, 1) };
}

export function useBlockDrag({
  hours,
  step,
  startOf,
  onDrop,
}: {
  hours: DayHours;
  step: number;
  startOf: (id: string) => number | undefined;
  onDrop: (id: string, target: DropTarget) => void;
}) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const pending = useRef<Pending | null>(null);
  const justDropped = useRef(false);
  const edgeScroll = useRef<{ direction: -1 | 1; frame: number } | null>(null);
  const latest = useRef({ hours, step, startOf, onDrop });
  useEffect(() => {
    latest.current = { hours, step, startOf, onDrop };
  });

  const stopEdgeScroll = useCallback(() => {
    if (edgeScroll.current) cancelAnimationFrame(edgeScroll.current.frame);
    edgeScroll.current = null;
  }, []);

  const end = useCallback(() => {
    pending.current = null;
    stopEdgeScroll();
    setDrag(null);
  }, [stopEdgeScroll]);

  useEffect(() => stopEdgeScroll, [stopEdgeScroll]);

  /** The column and time under the pointer become the drop target (one state change per new place). */
  const aim = useCallback((p: Pending) => {
    const { hours: h, step: s } = latest.current;
    const at = columnAt(p.at.x, p.at.y, h);
    const target = at ? { columnId: at.columnId, minute: Math.max(h.startMinute, Math.round((at.minute - p.offset) / s) * s) } : null;
    p.target = target;
    setDrag((d) =>
      d?.target?.columnId === target?.columnId && d?.target?.minute === target?.minute && d?.appointmentId === p.id
        ? d
        : { appointmentId: p.id, target },
    );
  }, []);

  /** Scrolls the grid a step a frame while the pointer rests at its edge, aiming again after each step. */
  const followEdge = useCallback(
    (grid: HTMLElement, x: number) => {
      const direction = edgeDirection(grid, x);
      if (direction === 0) return stopEdgeScroll();
      if (edgeScroll.current?.direction === direction) return;
      stopEdgeScroll();
      const tick = () => {
        const p = pending.current;
        const before = grid.scrollLeft;
        grid.scrollLeft += direction * EDGE_STEP_PX;
        if (!p || grid.scrollLeft === before) return void (edgeScroll.current = null);
        aim(p);
        edgeScroll.current = { direction, frame: requestAnimationFrame(tick) };
      };
      edgeScroll.current = { direction, frame: requestAnimationFrame(tick) };
    },
    [aim, stopEdgeScroll],
  );

  useEffect(() => {
    if (!drag) return;
    const cancel = (e: KeyboardEvent) => e.key === 'Escape' && end();
    window.addEventListener('keydown', cancel);
    return () => window.removeEventListener('keydown', cancel);
  }, [drag, end]);

  const onPointerDown = useCallback((e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'touch' || e.button !== 0) return;
    const block = (e.target as HTMLElement).closest<HTMLElement>('[data-movable]');
    const id = block?.dataset.appointmentId;
    const start = id ? latest.current.startOf(id) : undefined;
    const at = columnAt(e.clientX, e.clientY, latest.current.hours);
    if (!id || start === undefined || !at) return;
    pending.current = {
      id,
      pointerId: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      at: { x: e.clientX, y: e.clientY },
      offset: at.minute - start,
      started: false,
      target: null,
    };
  }, []);

  const onPointerMove = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      const p = pending.current;
      if (!p || p.pointerId !== e.pointerId) return;
      if (!p.started) {
        if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < THRESHOLD_PX) return;
        p.started = true;
        (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
      }
      p.at = { x: e.clientX, y: e.clientY };
      aim(p);
      followEdge(e.currentTarget as HTMLElement, e.clientX);
    },
    [aim, followEdge],
  );

  const onPointerUp = useCallback((e: PointerEvent<HTMLElement>) => {
    const p = pending.current;
    if (!p || p.pointerId !== e.pointerId) return;
    pending.current = null;
    stopEdgeScroll();
    if (!p.started) return;
    justDropped.current = true;
    setTimeout(() => (justDropped.current = false), 0);
    setDrag(null);
    if (p.target) latest.current.onDrop(p.id, p.target);
  }, [stopEdgeScroll]);

  // The click that ends a drag is not a click on the block (it would open its details).
  const onClickCapture = useCallback((e: MouseEvent<HTMLElement>) => {
    if (!justDropped.current) return;
    e.stopPropagation();
    e.preventDefault();
  }, []);

  return { drag, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: end, onClickCapture } };
}
