// Reading a mail's HTML part as its reader would (ADR 044): the words a mail client shows, and the
// links she can tap with their words. Plain string work on the HTML our templates write.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };

const decode = (s: string) =>
  s.replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e: string) =>
    e.startsWith('#x') || e.startsWith('#X')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (ENTITIES[e] ?? m),
  );

/**
 * The words of an HTML part as a mail client shows them: no head, no hidden preheader, no
 * comments, each block on its own line, entities decoded and blanks collapsed.
 */
export function visibleText(html: string): string {
  return decode(
    html
      .replace(/<head[\s\S]*?<\/head>/i, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      // react-email's preheader: a hidden div (with a div of invisible padding inside)
      .replace(/<div[^>]*display:none[\s\S]*?<\/div><\/div>/i, '')
      .replace(/<br\s*\/?>|<\/(p|h\d|td|tr|table|div)>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[\u200b-\u200f\u202f\ufeff\u00a0]|\u034f/g, ' ')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Every link of an HTML part: where it goes and the words it shows, in order. */
export function htmlLinks(html: string): Array<{ href: string; text: string }> {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)].map((m) => ({
    href: decode(m[1]!),
    text: visibleText(m[2]!).replace(/\n/g, ' '),
  }));
}
