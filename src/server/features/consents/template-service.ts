import { CONSENT_MSG, needsNewVersion, templateError, type ConsentQuestion, type Validity } from '../../../domain/consents';
import { existingServiceIds } from '../../db/service-ids';
import { badRequest, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { isId } from '../../http/params';
import { allTemplates, insertTemplate, insertVersion, replaceTemplateServices, templateForUpdate, updateTemplateRow, type TemplateRow } from './template-queries';

// The admin's consent templates (ADR 041): a version is never changed; new text is version n+1,
// and only documents signed on the current version count.

type Ctx = Pick<Deps, 'db' | 'now'>;

export type TemplateBody = { title: string; body: string; questions: ConsentQuestion[]; validity: Validity; serviceIds: string[]; active?: boolean };

/** What the admin page shows of a template (the contract's shape). */
const shown = ({ versionId: _v, ...t }: TemplateRow) => t;

export async function listTemplates(ctx: Ctx) {
  return { templates: (await allTemplates(ctx.db)).map(shown) };
}

/** Trimmed and checked; the first fault is a 400 with its Spanish text. */
async function checked(ctx: Ctx, v: TemplateBody) {
  // A text question with "¿cuál?" or "contraindicación" set is refused here, not quietly cleared.
  const questions = v.questions.map((q) => ({ ...q, id: q.id.trim(), text: q.text.trim() }));
  const clean = { title: v.title.trim(), body: v.body.trim(), questions, validity: v.validity };
  const fault = templateError(clean);
  if (fault) throw badRequest(fault);
  const serviceIds = [...new Set(v.serviceIds)];
  if (!serviceIds.every(isId) || (await existingServiceIds(ctx.db, serviceIds)).length !== serviceIds.length) throw badRequest(CONSENT_MSG.serviceUnknown);
  return { ...clean, serviceIds };
}

export async function createTemplate(ctx: Ctx, me: SessionUser, v: TemplateBody) {
  const c = await checked(ctx, v);
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    const id = await insertTemplate(tx, { ...c, active: v.active ?? true }, me.id, now);
    await replaceTemplateServices(tx, id, c.serviceIds);
    return id;
  });
  const [t] = await allTemplates(ctx.db, id);
  return { template: shown(t!) };
}

/** New text (title, body, questions, validity): version n+1. Services and "active" change in place. */
export async function editTemplate(ctx: Ctx, me: SessionUser, id: string, v: TemplateBody) {
  if (!isId(id)) throw notFound(CONSENT_MSG.templateNotFound);
  const c = await checked(ctx, v);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await templateForUpdate(tx, id))) throw notFound(CONSENT_MSG.templateNotFound);
    const [current] = await allTemplates(tx, id);
    const next = { title: c.title, body: c.body, questions: c.questions, validity: c.validity };
    const version = needsNewVersion(current!, next) ? current!.version + 1 : current!.version;
    if (version !== current!.version) await insertVersion(tx, id, version, next, me.id, now);
    await updateTemplateRow(tx, id, { title: c.title, active: v.active ?? current!.active, version }, now);
    await replaceTemplateServices(tx, id, c.serviceIds);
  });
  const [t] = await allTemplates(ctx.db, id);
  return { template: shown(t!) };
}
