import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

/** public/sw.js run in a sandbox whose `self` records what the worker asked the browser to do. */
const source = fs.readFileSync(path.join(import.meta.dirname, '../public/sw.js'), 'utf8');
const ORIGIN = 'https://estudio.example.cl';

interface FakeTab {
  url: string;
  controlled: boolean;
  focused: boolean;
  focus(): Promise<FakeTab>;
  navigate(url: string): Promise<FakeTab>;
}

function tab(url: string, controlled = true): FakeTab {
  return {
    url,
    controlled,
    focused: false,
    async focus() {
      this.focused = true;
      return this;
    },
    async navigate(next: string) {
      if (!this.controlled) throw new TypeError('not controlled by this worker');
      this.url = next;
      return this;
    },
  };
}

function startWorker(tabs: FakeTab[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: { body: string; data: { url: string } } }[] = [];
  const opened: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: (typeof shown)[number]['options']) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => tabs,
      openWindow: async (url: string) => {
        opened.push(url);
        return tab(url);
      },
    },
  };
  vm.runInNewContext(source, { self, URL });

  async function dispatch(type: string, event: Record<string, unknown>) {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  }

  return {
    shown,
    opened,
    push: (data: unknown) => dispatch('push', { data: { json: () => data, text: () => JSON.stringify(data) } }),
    click: async (url: string) => {
      let closed = false;
      await dispatch('notificationclick', { notification: { data: { url }, close: () => (closed = true) } });
      return closed;
    },
  };
}

describe('the service worker', () => {
  it("shows a push message's title and the note's text, remembering the notes screen", async () => {
    const worker = startWorker();
    await worker.push({ title: 'Recordatorio', body: 'Llamar al SII', url: '/notas' });
    expect(worker.shown).toEqual([
      {
        title: 'Recordatorio',
        options: expect.objectContaining({ body: 'Llamar al SII', data: { url: `${ORIGIN}/notas` } }),
      },
    ]);
  });

  it('keeps a click on this app: another site or no address opens the notes', async () => {
    const worker = startWorker();
    await worker.push({ title: 'Recordatorio', body: 'x', url: 'https://otro.example.com/phish' });
    await worker.push({ body: 'sin título' });
    expect(worker.shown.map((notification) => notification.options.data.url)).toEqual([
      `${ORIGIN}/notas`,
      `${ORIGIN}/notas`,
    ]);
    expect(worker.shown[1]?.title).toBe('Estudio Contable');
  });

  it('focuses an open tab of the app and takes it to the notes', async () => {
    const other = tab('https://otro.example.com/');
    const app = tab(`${ORIGIN}/tareas`);
    const worker = startWorker([other, app]);
    expect(await worker.click(`${ORIGIN}/notas`)).toBe(true);
    expect(app.focused).toBe(true);
    expect(app.url).toBe(`${ORIGIN}/notas`);
    expect(other.focused).toBe(false);
    expect(worker.opened).toEqual([]);
  });

  it('opens the notes when no tab of the app is open', async () => {
    const worker = startWorker([tab('https://otro.example.com/')]);
    await worker.click(`${ORIGIN}/notas`);
    expect(worker.opened).toEqual([`${ORIGIN}/notas`]);
  });

  it('opens the notes when the open tab cannot be navigated by the worker', async () => {
    const app = tab(`${ORIGIN}/`, false);
    const worker = startWorker([app]);
    await worker.click(`${ORIGIN}/notas`);
    expect(app.focused).toBe(true);
    expect(worker.opened).toEqual([`${ORIGIN}/notas`]);
  });
});
