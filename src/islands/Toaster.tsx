import { Toaster as HotToaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../lib/constants';

/** (spec) The one toast container: top right, toasts close themselves after 5 seconds. */
export default function Toaster() {
  return <HotToaster position="top-right" toastOptions={{ duration: TOAST_DURATION_MS }} />;
}
