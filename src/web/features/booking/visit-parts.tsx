import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { professionalsQuery } from '../../api/booking';
import { PartFields } from '../../components/visit-part-fields';

// The visit planner's parts (ADR 092): the shared fields (components/visit-part-fields.tsx, also
// the desk's, ADR 104) with each part's professionals fetched here.

/** One service of the visit: which (the first is the page's own), who does it, and "Quitar" for an added one. */
export function PartRow(p: Omit<ComponentProps<typeof PartFields>, 'professionals'>) {
  const pros = useQuery({ ...professionalsQuery(p.part.serviceId), enabled: p.part.serviceId !== '' });
  return <PartFields {...p} professionals={pros} />;
}
