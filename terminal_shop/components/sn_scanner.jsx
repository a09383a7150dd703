// "Pindai dengan kamera" beside an SN field: the phone's camera reads the unit's barcode
// and types it into the field, then sends the field's form, exactly as a handheld scanner
// does (its Enter). The browser's own BarcodeDetector where it has one (Android's Chrome);
// elsewhere the barcode-detector package (ZXing in WebAssembly), loaded only on the first
// tap, its .wasm served from this site (never a CDN).
import { useEffect, useRef, useState } from "react";

const FORMATS = ["code_128", "code_39", "code_93", "ean_13", "qr_code", "data_matrix"];
const NO_CAMERA = "Kamera tidak bisa dibuka. Izinkan akses kamera di browser, atau ketik SN-nya.";

async function makeDetector() {
  if ("BarcodeDetector" in window) {
    const supported = await window.BarcodeDetector.getSupportedFormats();
    const formats = FORMATS.filter((f) => supported.includes(f));
    if (formats.length) return new window.BarcodeDetector({ formats });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  prepareZXingModule({
    overrides: { locateFile: (path, prefix) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: FORMATS });
}

function type(input, value, send) {
  // React keeps its own copy of an input's value: set it the way a keystroke does.
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
  setValue.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  if (send && input.form) {
    input.form.requestSubmit();
    return;
  }
  // Not sent yet (receiving asks IMEI and ICCID too): on to the form's next field.
  const fields = input.form ? Array.from(input.form.querySelectorAll("input:not([type=hidden])")) : [];
  (fields[fields.indexOf(input) + 1] || input).focus();
}

export function SnScanner({ target, send }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");
  const video = useRef(null);

  useEffect(() => {
    if (!open) return undefined;
    let stream = null;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = await makeDetector();
        while (!stopped) {
          const codes = await detector.detect(video.current);
          const code = codes.map((c) => c.rawValue.trim()).find(Boolean);
          if (code) {
            const input = document.getElementById(target);
            setOpen(false);
            if (input) type(input, code, send);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      } catch (exc) {
        console.warn("SN scanner:", exc);
        if (!stopped) {
          setOpen(false);
          setError(NO_CAMERA);
        }
      }
    })();
    return () => {
      stopped = true;
      if (stream) stream.getTracks().forEach((t) => t.stop());
    };
  }, [open, target, send]);

  return (
    <div className="mt-2">
      <button
        type="button"
        className="inline-flex min-h-[44px] items-center rounded-lg px-3 text-sm font-medium text-blue-700 ring-1 ring-blue-200 hover:bg-blue-50"
        aria-controls={`${target}-camera`}
        aria-expanded={open}
        onClick={() => {
          setError("");
          setOpen(!open);
        }}
      >
        {open ? "Tutup kamera" : "Pindai dengan kamera"}
      </button>
      {open && (
        <div id={`${target}-camera`} className="mt-2">
          <video ref={video} muted playsInline className="w-full max-w-sm rounded-lg bg-black" aria-label="Kamera: arahkan ke barcode SN" />
          <p className="mt-1 text-xs text-slate-600">Arahkan kamera ke barcode SN pada dus atau label perangkat.</p>
        </div>
      )}
      {error && (
        <p className="mt-1 text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
