import { Toaster } from 'sonner';

/** The app's one toast area (loaded lazily by root.tsx). */
export default function AppToaster() {
  return <Toaster position="bottom-center" richColors closeButton toastOptions={{ className: 'font-sans' }} />;
}
