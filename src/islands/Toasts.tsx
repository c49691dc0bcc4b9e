import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../lib/constants';

/** (spec section 2) The toast container, top right; toasts close after 5 seconds. */
export default function Toasts() {
  return <Toaster position="top-right" toastOptions={{ duration: TOAST_DURATION_MS }} />;
}
