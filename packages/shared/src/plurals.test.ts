import { describe, expect, it } from 'vitest';
import { documentsMsg } from './messages-documents.ts';
import { importMsg } from './messages-import.ts';
import { requestsMsg } from './messages-requests.ts';
import { tasksMsg } from './messages-tasks.ts';
import { z } from './zod-setup.ts';

describe('messages with a count', () => {
  it('say one item in the singular and keep their wording for other counts', () => {
    expect(documentsMsg.filesAdded(1)).toBe('Se agregó 1 archivo');
    expect(documentsMsg.filesAdded(3)).toBe('Se agregaron 3 archivos');
    expect(documentsMsg.notifyLinksExpire(1)).toBe(
      'Los enlaces vencen en 1 día. También puede verlos al ingresar a su portal.',
    );
    expect(documentsMsg.notifyLinksExpire(7)).toBe(
      'Los enlaces vencen en 7 días. También puede verlos al ingresar a su portal.',
    );
    expect(importMsg.imported(1, 1)).toBe('Se creó 1 empresa y se actualizó 1');
    expect(importMsg.imported(1, 0)).toBe('Se creó 1 empresa y se actualizaron 0');
    expect(importMsg.imported(3, 2)).toBe('Se crearon 3 empresas y se actualizaron 2');
    expect(requestsMsg.receivedCount(1, 1)).toBe('1 de 1 recibido');
    expect(requestsMsg.receivedCount(1, 3)).toBe('1 de 3 recibidos');
    expect(tasksMsg.activeCount(1, 1)).toBe('1 de 1 empresa activa');
    expect(tasksMsg.activeCount(0, 4)).toBe('0 de 4 empresas activas');
  });

  it("say a limit of one in the singular in the schemas' own messages", () => {
    expect(z.string().max(1).safeParse('ab').error?.issues[0]?.message).toBe('Debe tener como máximo 1 carácter');
    expect(z.string().max(2).safeParse('abc').error?.issues[0]?.message).toBe('Debe tener como máximo 2 caracteres');
    expect(z.array(z.number()).max(1).safeParse([1, 2]).error?.issues[0]?.message).toBe(
      'Debe tener como máximo 1 elemento',
    );
  });
});
