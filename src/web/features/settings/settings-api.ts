import type { InferRequestType, InferResponseType } from 'hono/client';
import { MSG } from '../../../domain/texts/common';
import { api, call } from '../../lib/api';

export type SalonSettingsAnswer = InferResponseType<typeof api.admin.settings.$get, 200>;
export type SettingsInput = InferRequestType<typeof api.admin.settings.$put>['json'];

export const SETTINGS_KEY = ['admin', 'settings'] as const;

export const fetchSettings = () => call(api.admin.settings.$get(), MSG.settingsLoadFailed);
export const saveSettings = (json: SettingsInput) => call(api.admin.settings.$put({ json }), MSG.settingsSaveFailed);

// issue 14: messages that keep failing
export const FAILED_MESSAGES_KEY = ['admin', 'failed-messages'] as const;
export const fetchFailedMessages = () => call(api.messages.failed.$get(), MSG.settingsLoadFailed);
