import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { MSG } from '../../domain/texts/common';
import { api, call } from '../lib/api';

// The salon's settings (SPEC §2 Salon settings).
export type SalonSettingsAnswer = InferResponseType<typeof api.admin.settings.$get, 200>;
export type SettingsInput = InferRequestType<typeof api.admin.settings.$put>['json'];

export const settingsQuery = () =>
  queryOptions({ queryKey: ['admin', 'settings'] as const, queryFn: () => call(api.admin.settings.$get(), MSG.settingsLoadFailed) });

export const saveSettings = (json: SettingsInput) => call(api.admin.settings.$put({ json }), MSG.settingsSaveFailed);

/** ADR 052: the owner's discount limit and reasons, for the staff's sale and payment forms. */
export const discountRulesQuery = () =>
  queryOptions({ queryKey: ['settings', 'discounts'] as const, queryFn: () => call(api.settings.discounts.$get(), MSG.settingsLoadFailed) });
