import { Toaster } from 'sonner';

/**
 * The app's one toast area (loaded lazily by root.tsx). Its direction is given: left to right,
 * as the app is only in Spanish. Without it sonner reads the page's computed style on every render
 * of the toaster, which forces the browser to lay out the page in the middle of React's work (a
 * day switch of the salon's day view paid ~20 ms for it at 4x CPU; docs/benchmarks.md, "Salon day view").
 */
export default function AppToaster() {
  return <Toaster dir="ltr" position="bottom-center" richColors closeButton toastOptions={{ className: 'font-sans' }} />;
}
