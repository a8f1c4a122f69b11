import type { Page } from '@playwright/test';

// A choice made at a chosen message-loop turn after React starts hydrating a server-rendered
// first view: counted from the moment hydrateRoot attaches its listeners to #root, with the CPU
// slowed so that hydration spans several turns (docs/reliability.md, "datos y pantallas").

declare global {
  interface Window {
    __choice?: { turns: number; at?: number };
  }
}

/** What a person does: picks the first select's first option after its placeholder, or taps the radio with this label. */
export type HydrationChoice = { select: true } | { radio: string };

/** Slows the CPU ×4 and arms every later load of `page` to make `choice` at the turn `loadChoosingAt` names. */
export async function armChoiceAtHydration(page: Page, choice: HydrationChoice) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript((what: HydrationChoice) => {
    const turns = Number(sessionStorage.getItem('choiceTurns') ?? '0');
    window.__choice = { turns };
    // What a person's choice does to the element (Playwright's selectOption and click do the same).
    const choose = () => {
      if ('select' in what) {
        const select = document.querySelector('select');
        if (!select) return false;
        select.options[1]!.selected = true;
        select.dispatchEvent(new Event('input', { bubbles: true }));
        select.dispatchEvent(new Event('change', { bubbles: true }));
      } else {
        const radio = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === what.radio)?.querySelector('input');
        if (!radio) return false;
        radio.click();
      }
      window.__choice!.at = performance.now();
      return true;
    };
    const add = EventTarget.prototype.addEventListener;
    let armed = false;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
      if (!armed && this instanceof HTMLElement && this.id === 'root') {
        armed = true; // hydrateRoot is attaching React's listeners: count turns from here
        const channel = new MessageChannel();
        let n = 0;
        channel.port1.onmessage = () => {
          if (n++ >= turns && choose()) return;
          if (n < 2000) channel.port2.postMessage(0);
        };
        channel.port2.postMessage(0);
      }
      return add.apply(this, args);
    } as typeof EventTarget.prototype.addEventListener;
  }, choice);
}

/** Loads `url` with the choice made at the `turns`-th message-loop turn after hydration starts, and waits until it was made. */
export async function loadChoosingAt(page: Page, url: string, turns: number) {
  await page.evaluate((t) => sessionStorage.setItem('choiceTurns', String(t)), turns);
  await page.goto(url);
  await page.waitForFunction(() => window.__choice?.at !== undefined);
}
