// PeriodForm moved to components/period-form.tsx (the agenda's own time off uses it too). This
// re-export only keeps features/agenda/time-off-page.tsx building until its import points there.
export { PeriodForm, type Period } from '../../components/period-form';
