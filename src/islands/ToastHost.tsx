import { useEffect, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../lib/constants';

// Islands are separate React roots sharing one toast queue: only the first host renders it, so
// a toast never shows twice when the bell and a portal screen are on the same page.
let claimed = false;

export default function ToastHost() {
  const [owner, setOwner] = useState(false);
  useEffect(() => {
    if (claimed) return;
    claimed = true;
    setOwner(true);
    return () => {
      claimed = false;
    };
  }, []);
  return owner ? <Toaster position="top-right" toastOptions={{ duration: TOAST_DURATION_MS }} /> : null;
}
