import { queryOptions } from '@tanstack/react-query';
import { api, call } from '../lib/api';

// The privacy notice's facts (src/server/features/privacy): the salon's name and contact.

export const privacyQuery = () => queryOptions({ queryKey: ['privacy'] as const, queryFn: () => call(api.privacy.$get(), 'No se pudo cargar el aviso.') });
