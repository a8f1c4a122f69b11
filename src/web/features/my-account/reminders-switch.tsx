import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { MSG } from '../../../domain/texts/common';
import { reminderPreferencesQuery, saveReminderPreference } from '../../api/my-account';

/**
 * The same switch as the one-click link in every email (docs/decisions/022-client-message-control-and-calendar-feeds.md). Only reminders:
 * confirmations of the client's own actions are always sent.
 */
export function RemindersSwitch() {
  const qc = useQueryClient();
  const prefs = useQuery(reminderPreferencesQuery());
  const save = useMutation({
    mutationFn: saveReminderPreference,
    onSuccess: (data) => qc.setQueryData(reminderPreferencesQuery().queryKey, data),
  });
  if (prefs.isPending || prefs.isError) return null;
  const on = save.isPending && save.variables !== undefined ? save.variables : prefs.data.reminders;
  return (
    <div className="mt-8 rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft">
      <label className="flex cursor-pointer items-center justify-between gap-4">
        <span className="flex items-center gap-2.5 text-ink">
          <BellRing className="h-4 w-4 shrink-0 text-rose-700" aria-hidden />
          {MSG.remindersSwitchLabel}
        </span>
        <input
          type="checkbox"
          role="switch"
          name="reminders"
          checked={on}
          aria-checked={on}
          disabled={save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
          className="h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-line transition-colors before:block before:h-4 before:w-4 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-rose-700 checked:before:translate-x-[1.125rem] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
        />
      </label>
      {save.isSuccess && (
        <p className="mt-2 text-sm text-muted" role="status">
          {MSG.remindersSaved}
        </p>
      )}
      {save.isError && <p className="mt-2 text-sm text-brick">{save.error instanceof Error ? save.error.message : MSG.loadMyDataFailed}</p>}
    </div>
  );
}
