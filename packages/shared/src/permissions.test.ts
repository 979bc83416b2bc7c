import { describe, expect, it } from 'vitest';
import { can, isStaff } from './permissions.ts';

describe('can', () => {
  const owner = { id: 1, role: 'owner' as const };
  const responsible = { id: 2, role: 'collaborator' as const };
  const otherCollaborator = { id: 3, role: 'collaborator' as const };
  const client = { id: 4, role: 'client' as const };

  it('answers table permissions by role, and nothing for an anonymous actor', () => {
    expect(can(owner, 'tasks:write')).toBe(true);
    expect(can(responsible, 'tasks:write')).toBe(false);
    expect(can(responsible, 'tasks:read')).toBe(true);
    expect(can(client, 'tasks:read')).toBe(false);
    expect(can(null, 'profile:self')).toBe(false);
  });

  it('lets owners and collaborators e-mail a company’s contacts, and keeps the e-mail log to owners', () => {
    expect(can(owner, 'email:send')).toBe(true);
    expect(can(responsible, 'email:send')).toBe(true);
    expect(can(client, 'email:send')).toBe(false);
    expect(can(null, 'email:send')).toBe(false);
    expect(can(owner, 'email:manage')).toBe(true);
    expect(can(responsible, 'email:manage')).toBe(false);
    expect(can(client, 'email:manage')).toBe(false);
  });

  it('lets staff record a company’s WhatsApp consent, and keeps the channel and its outbox to owners', () => {
    expect(can(owner, 'whatsapp:contact')).toBe(true);
    expect(can(responsible, 'whatsapp:contact')).toBe(true);
    expect(can(client, 'whatsapp:contact')).toBe(false);
    expect(can(owner, 'whatsapp:manage')).toBe(true);
    expect(can(responsible, 'whatsapp:manage')).toBe(false);
    expect(can(client, 'whatsapp:manage')).toBe(false);
    expect(can(null, 'whatsapp:contact')).toBe(false);
  });

  it("keeps 'Protección de datos' to owners, and lets everyone signed in read and acknowledge the privacy notice", () => {
    expect(can(owner, 'data-protection:manage')).toBe(true);
    expect(can(responsible, 'data-protection:manage')).toBe(false);
    expect(can(client, 'data-protection:manage')).toBe(false);
    expect(can(owner, 'data-protection:notice')).toBe(true);
    expect(can(responsible, 'data-protection:notice')).toBe(true);
    expect(can(client, 'data-protection:notice')).toBe(true);
    expect(can(null, 'data-protection:notice')).toBe(false);
  });

  it('lets an owner or the task’s responsible collaborator change a task cell, and no one else', () => {
    const task = { responsableId: responsible.id };
    expect(can(owner, 'task-state:change', task)).toBe(true);
    expect(can(responsible, 'task-state:change', task)).toBe(true);
    expect(can(otherCollaborator, 'task-state:change', task)).toBe(false);
    expect(can({ ...client, id: responsible.id }, 'task-state:change', task)).toBe(false);
    expect(can(undefined, 'task-state:change', task)).toBe(false);
  });

  it('shows a company’s documents to staff, and to a client only for their own company', () => {
    const company = { businessId: 7 };
    expect(can(owner, 'documents:view', company)).toBe(true);
    expect(can(otherCollaborator, 'documents:view', company)).toBe(true);
    expect(can({ ...client, businessId: 7 }, 'documents:view', company)).toBe(true);
    expect(can({ ...client, businessId: 8 }, 'documents:view', company)).toBe(false);
    expect(can(client, 'documents:view', company)).toBe(false);
    expect(can(null, 'documents:view', company)).toBe(false);
  });

  it('lets owners manage every note, and a collaborator read and tick only the notes assigned to them', () => {
    const note = { userId: responsible.id };
    expect(can(owner, 'notes:manage')).toBe(true);
    expect(can(responsible, 'notes:manage')).toBe(false);
    expect(can(responsible, 'notes:read')).toBe(true);
    expect(can(client, 'notes:read')).toBe(false);
    expect(can(owner, 'note:assigned', note)).toBe(true);
    expect(can(responsible, 'note:assigned', note)).toBe(true);
    expect(can(otherCollaborator, 'note:assigned', note)).toBe(false);
    expect(can({ ...client, id: responsible.id }, 'note:assigned', note)).toBe(false);
    expect(can(null, 'note:assigned', note)).toBe(false);
  });

  it('lists anyone’s notes to an owner, and to a collaborator only their own', () => {
    expect(can(owner, 'notes:list', { userId: undefined })).toBe(true);
    expect(can(owner, 'notes:list', { userId: responsible.id })).toBe(true);
    expect(can(responsible, 'notes:list', { userId: responsible.id })).toBe(true);
    expect(can(responsible, 'notes:list', { userId: undefined })).toBe(false);
    expect(can(responsible, 'notes:list', { userId: otherCollaborator.id })).toBe(false);
    expect(can(client, 'notes:list', { userId: client.id })).toBe(false);
    expect(can(null, 'notes:list', { userId: undefined })).toBe(false);
  });

  it('lets staff who write companies manage client users, and only owners manage staff users', () => {
    for (const role of ['client', 'collaborator', 'owner'] as const) {
      expect(can(owner, 'user:manage', { role }), role).toBe(true);
      expect(can(responsible, 'user:manage', { role }), role).toBe(role === 'client');
      expect(can(client, 'user:manage', { role }), role).toBe(false);
      expect(can(undefined, 'user:manage', { role }), role).toBe(false);
    }
  });

  it('keeps the firm’s billing to owners, and a client’s own statement to that client', () => {
    for (const permission of ['billing:read', 'billing:manage'] as const) {
      expect(can(owner, permission), permission).toBe(true);
      expect(can(responsible, permission), permission).toBe(false);
      expect(can(client, permission), permission).toBe(false);
      expect(can(null, permission), permission).toBe(false);
    }
    expect(can(client, 'billing:own')).toBe(true);
    expect(can(owner, 'billing:own')).toBe(false);
    expect(can(responsible, 'billing:own')).toBe(false);
  });

  it('shows a company’s account statement to an owner, and to a client only for their own company', () => {
    const statement = { businessId: 7 };
    expect(can(owner, 'billing:statement', statement)).toBe(true);
    expect(can({ ...client, businessId: 7 }, 'billing:statement', statement)).toBe(true);
    expect(can({ ...client, businessId: 8 }, 'billing:statement', statement)).toBe(false);
    expect(can(client, 'billing:statement', statement)).toBe(false);
    expect(can({ ...responsible, businessId: 7 }, 'billing:statement', statement)).toBe(false);
    expect(can(null, 'billing:statement', statement)).toBe(false);
  });

  it('counts owners and collaborators as staff, and nobody else', () => {
    expect(isStaff('owner')).toBe(true);
    expect(isStaff('collaborator')).toBe(true);
    expect(isStaff('client')).toBe(false);
    expect(isStaff('admin')).toBe(false);
    expect(isStaff(null)).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });
});
