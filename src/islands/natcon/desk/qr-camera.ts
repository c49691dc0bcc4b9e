/**
 * Reads a QR code from the device's camera for the check-in desk. Where the browser has the
 * BarcodeDetector API (Chrome on Android) it is used as it is; elsewhere (Safari, Firefox, desktop
 * Chrome without it) ZXing's reader (`@zxing/browser`, loaded only when needed so the desk's first
 * load stays small) decodes the same video. Both run in the page: no worker, nothing for the CSP to
 * allow beyond the camera (`Permissions-Policy: camera=(self)`).
 */

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

const CAMERA: MediaStreamConstraints = { video: { facingMode: 'environment' } };

/** Whether this device can offer the camera at all. */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/**
 * Starts the camera in `video` and calls `onCode` once with the first code read; `onFailure` when
 * the camera cannot be opened. Answers a function that stops the camera.
 */
export function startQrCamera(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
  onFailure: () => void,
): () => void {
  let stopped = false;
  let stop = () => {};
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  const found = (code: string) => {
    if (stopped) return;
    stopped = true;
    stop();
    onCode(code);
  };

  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    stop = () => stream?.getTracks().forEach((track) => track.stop());
    const scan = async () => {
      if (stopped) return;
      try {
        const [first] = await detector.detect(video);
        if (first?.rawValue) return found(first.rawValue);
      } catch {
        // A frame that is not ready yet: try the next one.
      }
      window.setTimeout(() => void scan(), 250);
    };
    navigator.mediaDevices
      .getUserMedia(CAMERA)
      .then(async (media) => {
        stream = media;
        if (stopped) return stop();
        video.srcObject = media;
        await video.play();
        void scan();
      })
      .catch(onFailure);
  } else {
    import('@zxing/browser')
      .then(async ({ BrowserQRCodeReader }) => {
        const controls = await new BrowserQRCodeReader().decodeFromConstraints(CAMERA, video, (result) => {
          if (result) found(result.getText());
        });
        stop = () => controls.stop();
        if (stopped) stop();
      })
      .catch(onFailure);
  }
  return () => {
    stopped = true;
    stop();
  };
}
