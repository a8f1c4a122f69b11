// What components/reschedule-form.tsx asks the server, handed in by the page (api/reschedule.ts's
// `rescheduleCalls`), so that the form imports no API.

type Slot = { time: string };

/** The free times as useQuery answers them. */
type SlotsState = {
  data?: readonly Slot[];
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  fetchStatus: string;
  refetch: () => unknown;
};

/**
 * What the form asks the server (api/reschedule.ts's `rescheduleCalls`): the free times for a
 * professional on a day (a hook: useQuery of the API's query), and the move itself. Handed in, so
 * the form imports no API.
 */
export type RescheduleCalls = {
  useSlots: (appointmentId: string, professionalId: string, date: string) => SlotsState;
  save: (appointmentId: string, choice: { professionalId: string; date: string; time: string }) => Promise<unknown>;
};
