// Mis Citas shows a visit of several services as ONE card (ADR 081): the card is its first part,
// carrying every part in order; an appointment of one service is its own card. The list's own
// order (the server's, and any the page applies) is kept: a visit sits where its first part is.

type Part = { id: string; visitId?: string | null; startTime: string | Date };

export type Card<A extends Part> = A & { parts: A[] };

const startOf = (a: Part) => new Date(a.startTime).getTime();

export function visitCards<A extends Part>(list: readonly A[]): Card<A>[] {
  const byVisit = new Map<string, A[]>();
  for (const a of list) if (a.visitId) byVisit.set(a.visitId, [...(byVisit.get(a.visitId) ?? []), a]);
  const cards: Card<A>[] = [];
  const shown = new Set<string>();
  for (const a of list) {
    if (!a.visitId) {
      cards.push({ ...a, parts: [a] });
      continue;
    }
    if (shown.has(a.visitId)) continue;
    shown.add(a.visitId);
    const parts = [...byVisit.get(a.visitId)!].sort((x, y) => startOf(x) - startOf(y) || x.id.localeCompare(y.id));
    cards.push({ ...parts[0]!, parts });
  }
  return cards;
}
